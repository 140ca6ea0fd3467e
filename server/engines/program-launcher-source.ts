/**
 * The small process that starts engine programs for the server (program-starter.ts), in Python, passed to
 * `python3 -c`. Starting a program from a process copies that process, unless it starts it the way Python's
 * subprocess does (vfork: the child borrows the parent's memory until it execs). A Node.js launcher is a process of
 * tens of megabytes that Node.js copies (fork) at each start, one start after the other; Python starts a program in
 * a fraction of that time whatever its size.
 *
 * Requests come on standard input and events go out on standard output, one JSON object a line: a request names the
 * program, its arguments, folder, environment and how much of its output to keep; the events are "started" (with the
 * process id, at once), then "ended" (exit code or signal, the output in base64, the errors as text) or "failed" (it
 * could not start: the error's code and message). Each program runs in a session and process group of its own, so
 * that a kill of the group reaches its own children; what is left of a group once its program has ended comes to the
 * launcher, which reaps it. The launcher ends when its standard input closes (the server is gone), and its programs
 * with it: each is started behind bubblewrap's --die-with-parent or setpriv --pdeathsig.
 */
export const PROGRAM_LAUNCHER_SOURCE = String.raw`
import base64, ctypes, errno, json, os, selectors, signal, subprocess, sys, threading

selector = selectors.DefaultSelector()
events = sys.stdout.buffer


def send(event):
    events.write(json.dumps(event, separators=(",", ":")).encode() + b"\n")
    events.flush()


# What a program leaves behind comes to the launcher (a "child subreaper"), not to the system's first process, which
# in a container can be one that never reaps: every sandbox leaves a process, as bubblewrap's process inside it ends
# after the bwrap the launcher waits for. Each one is a process slot, and holds the sandbox's time spent working.
PR_SET_CHILD_SUBREAPER = 36
try:
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
except (OSError, AttributeError):
    pass

# The process groups of programs that have ended, while processes of theirs may still end.
ended_groups = set()


def reap_ended_groups():
    for group in list(ended_groups):
        while True:
            try:
                pid, _ = os.waitpid(-group, os.WNOHANG)
            except ChildProcessError:
                # None of the group is left.
                ended_groups.discard(group)
                break
            if pid == 0:
                break


class Program:
    """One program: its output as it comes, until it has exited and closed its output."""

    def __init__(self, request, process):
        self.id = request["id"]
        self.process = process
        self.max_stdout = request["maxStdoutBytes"]
        self.max_stderr = request["maxStderrChars"]
        self.stdout, self.stdout_bytes, self.stderr = [], 0, bytearray()
        self.open = 2
        self.exited = False

    def read(self, fd, name):
        chunk = os.read(fd, 65536)
        if not chunk:
            selector.unregister(fd)
            os.close(fd)
            self.open -= 1
        elif name == "stdout":
            if self.stdout_bytes < self.max_stdout:
                self.stdout.append(chunk)
            self.stdout_bytes += len(chunk)
        elif len(self.stderr) < self.max_stderr:
            self.stderr += chunk
        self.finish()

    def exit(self):
        self.exited = True
        self.finish()

    def finish(self):
        if self.open or not self.exited:
            return
        code = self.process.wait()
        ended_groups.add(self.process.pid)
        send({
            "id": self.id,
            "kind": "ended",
            "exitCode": code if code >= 0 else None,
            "signal": signal.Signals(-code).name if code < 0 else None,
            "stdout": base64.b64encode(b"".join(self.stdout)).decode("ascii"),
            "stderr": self.stderr.decode("utf-8", "replace"),
        })


# Where pidfds are missing, a thread waits for each program and writes its id here.
wake_read, wake_write = os.pipe()
waited = {}


def watch_exit(program):
    try:
        fd = os.pidfd_open(program.process.pid)
    except (AttributeError, OSError):
        waited[program.id] = program

        def wait():
            program.process.wait()
            os.write(wake_write, (str(program.id) + "\n").encode())

        threading.Thread(target=wait, daemon=True).start()
        return
    selector.register(fd, selectors.EVENT_READ, ("exit", program, fd))


def start(request):
    # Pipes of the launcher's own: the program gets their writing ends, which are closed here once it has them.
    out_read, out_write = os.pipe()
    err_read, err_write = os.pipe()
    try:
        process = subprocess.Popen(
            [request["command"], *request["args"]],
            cwd=request["cwd"],
            env=request["env"],
            stdin=subprocess.DEVNULL,
            stdout=out_write,
            stderr=err_write,
            start_new_session=True,
        )
    except Exception as err:
        for fd in (out_read, err_read):
            os.close(fd)
        number = getattr(err, "errno", None)
        send({"id": request["id"], "kind": "failed", "code": errno.errorcode.get(number) if number else None, "message": str(err)})
        return
    finally:
        os.close(out_write)
        os.close(err_write)
    program = Program(request, process)
    send({"id": program.id, "kind": "started", "pid": process.pid})
    selector.register(out_read, selectors.EVENT_READ, ("read", program, "stdout"))
    selector.register(err_read, selectors.EVENT_READ, ("read", program, "stderr"))
    watch_exit(program)


selector.register(0, selectors.EVENT_READ, ("requests", None, None))
selector.register(wake_read, selectors.EVENT_READ, ("waited", None, None))
pending, wake_pending = b"", b""
while True:
    # While a group has processes left, they are looked for twice a second: their ends wake nothing here.
    for key, _ in selector.select(0.5 if ended_groups else None):
        what, program, detail = key.data
        if what == "read":
            program.read(key.fd, detail)
        elif what == "exit":
            selector.unregister(detail)
            os.close(detail)
            program.exit()
        elif what == "waited":
            wake_pending += os.read(wake_read, 4096)
            *done, wake_pending = wake_pending.split(b"\n")
            for line in done:
                waited.pop(int(line)).exit()
        else:
            chunk = os.read(0, 1 << 20)
            if not chunk:
                sys.exit(0)
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if line:
                    start(json.loads(line))
    reap_ended_groups()
`;
