# pid_gone.py FILE: prints "gone" once the process whose id FILE holds has
# ended (no longer in /proc, or a zombie nobody reaps in a container),
# "alive" if it still runs after 10 s; a process killed is gone at once, the
# wait only covers its delivery.
import sys
import time

pid = open(sys.argv[1]).read().strip()
for _ in range(100):
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        state = "Z"
    if state in ("Z", "X"):
        print("gone")
        sys.exit(0)
    time.sleep(0.1)
print("alive")
