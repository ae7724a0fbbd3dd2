# Runs `steady slurm` on a suite whose tasks run one at a time, cancels the
# run's jobs (scancel -n, as a user would) once the first fork's file is
# there, and prints what steady slurm said and what its merged file holds.
import json, os, subprocess, sys, time

steady, binary, d, merged = sys.argv[1:5]
cmd = [steady, "slurm", binary, "--forks=2", "--iterations=5", "--warmup-iterations=0", "--iteration-time=0.2",
       "--max-nodes=1", "--dir=" + d, "--json=" + merged]
run = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
deadline = time.time() + 60
while not os.path.exists(os.path.join(d, "forks", "b0-f1.json")) and time.time() < deadline:
    time.sleep(0.1)
name = json.load(open(os.path.join(d, "plan.json")))["name"]
subprocess.run(["scancel", "-n", name], check=True)
out, err = run.communicate(timeout=60)
print("exit", run.returncode)
sys.stdout.write(err)
doc = json.load(open(merged))
print("schema", doc["schema"], "partial", doc["partial"])
for b in doc["benchmarks"]:
    print(b["name"], " ".join(f["status"] for f in b["forks"]))
