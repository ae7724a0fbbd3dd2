# Runs `steady ab --slurm -v` in DIR (with --slurm its temporary directory is
# in the current one), sends it SIGINT once the first wave's task has started
# (its log file is there), and prints what survived: the exit status, the
# forks ab reported, each side file's partial flag and fork statuses, and what
# is left in DIR.
import glob, json, os, signal, subprocess, sys, time

d, cmd = sys.argv[1], sys.argv[2:]
os.makedirs(d, exist_ok=True)
p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=d)
deadline = time.time() + 60
while not glob.glob(os.path.join(d, "steady-ab.*", "logs", "*")) and time.time() < deadline:
    time.sleep(0.1)
time.sleep(1)  # the task's runners are measuring (their forks take 10 s)
p.send_signal(signal.SIGINT)
try:
    out, err = p.communicate(timeout=60)
    print("exit status:", p.returncode)
except subprocess.TimeoutExpired:
    p.kill()
    out, err = p.communicate()
    print("still running 60 s after the signal")
sys.stdout.write(err)
for side, flag in (("A", "--json-a="), ("B", "--json-b=")):
    path = next(a[len(flag):] for a in cmd if a.startswith(flag))
    if os.path.exists(path):
        doc = json.load(open(path))
        print(f"{side}: partial: {doc['partial']}, forks:", " ".join(f["status"] for b in doc["benchmarks"] for f in b["forks"]))
    else:
        print(f"{side}: no side file")
print("left in DIR:", os.listdir(d))
