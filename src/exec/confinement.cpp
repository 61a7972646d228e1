#include "exec/confinement.hpp"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/ioprio.h>
#include <linux/sched.h>
#include <linux/seccomp.h>
#include <linux/sockios.h>
#include <asm/termbits.h>  // struct termios2, which TCSETS2's number encodes the size of
#include <sched.h>
#include <signal.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace objgen {
namespace {

using Program = std::vector<sock_filter>;

// Stands for the worker's pid in the allow-list program: above the largest pid_max (2^22), so
// never a real pid, and not a constant the program compares for any other reason.
constexpr uint32_t kMarkerPid = 0x3e57a1d5;
// Arguments the kernel reads as ints (commands, flags, keys): compared in their low 32 bits.
constexpr uint64_t kLow32 = 0xffffffffu;
// System-call numbers of the native ABI are below this (x86-64 and AArch64 both stay under 512;
// x32 numbers, 0x40000000 and up, trap with the rest).
constexpr int kSyscallNumbers = 512;

struct Programs {
  Program allow_list;        // default: trap
  Program argument_traps;    // default: allow
  Program settings_lock;     // default: allow; loaded once objgen has set the worker up
  bool private_ipc = false;  // each worker gets an IPC namespace of its own (else creating System V objects traps)
  bool ready = false;
};
Programs g_programs;

// Calls that name a process: allowed only with the worker's own pid (or 0 for "myself").
const std::initializer_list<int> kOwnPidOnly = {SCMP_SYS(kill),
                                                SCMP_SYS(tgkill),
                                                SCMP_SYS(tkill),
                                                SCMP_SYS(rt_sigqueueinfo),
                                                SCMP_SYS(rt_tgsigqueueinfo),
                                                SCMP_SYS(process_vm_readv),
                                                SCMP_SYS(process_vm_writev),
                                                SCMP_SYS(pidfd_open),
                                                SCMP_SYS(prlimit64),
                                                SCMP_SYS(sched_setscheduler),
                                                SCMP_SYS(sched_setparam),
                                                SCMP_SYS(sched_setaffinity),
                                                SCMP_SYS(sched_setattr),
                                                SCMP_SYS(migrate_pages),
                                                SCMP_SYS(move_pages),
                                                SCMP_SYS(setpriority),
                                                SCMP_SYS(ioprio_set)};
// Never allowed: reaching into other processes, leaving the worker's group or namespaces, a raw
// fork() (glibc's fork() is clone, watched by an atfork handler), and timers that signal later.
const std::initializer_list<int> kNever = {SCMP_SYS(ptrace), SCMP_SYS(pidfd_send_signal), SCMP_SYS(pidfd_getfd),
                                           SCMP_SYS(kcmp),   SCMP_SYS(process_madvise),   SCMP_SYS(setpgid),
                                           SCMP_SYS(setns),  SCMP_SYS(unshare),           SCMP_SYS(fork),
                                           SCMP_SYS(alarm),  SCMP_SYS(setitimer),         SCMP_SYS(timer_create)};

bool listed(std::initializer_list<int> list, int nr) { return std::find(list.begin(), list.end(), nr) != list.end(); }

bool export_program(scmp_filter_ctx ctx, Program& out) {
  int fd = memfd_create("objgen-seccomp", MFD_CLOEXEC);
  if (fd < 0) return false;
  bool ok = seccomp_export_bpf(ctx, fd) == 0;
  off_t bytes = ok ? lseek(fd, 0, SEEK_END) : -1;
  ok = ok && bytes > 0 && bytes % static_cast<off_t>(sizeof(sock_filter)) == 0;
  if (ok) {
    out.resize(static_cast<size_t>(bytes) / sizeof(sock_filter));
    ok = pread(fd, out.data(), static_cast<size_t>(bytes), 0) == bytes;
  }
  close(fd);
  return ok;
}

// Each value is one rule (rules of a system call are alternatives). 64-bit comparisons: a pid
// with garbage in the upper half matches none and traps, which is the safe side.
bool allow_when(scmp_filter_ctx ctx, int nr, unsigned arg, std::initializer_list<uint64_t> values) {
  bool ok = true;
  for (uint64_t v : values) ok &= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 1, SCMP_CMP64(arg, SCMP_CMP_EQ, v)) == 0;
  return ok;
}

bool allow_own_pid_calls(scmp_filter_ctx ctx) {
  const uint64_t self = kMarkerPid;
  const uint64_t group = static_cast<uint64_t>(-static_cast<int64_t>(kMarkerPid));    // -self, as glibc passes it
  const uint64_t group32 = static_cast<uint32_t>(-static_cast<int32_t>(kMarkerPid));  // -self, zero-extended
  bool ok = allow_when(ctx, SCMP_SYS(kill), 0, {0, self, group, group32});            // itself, its group
  for (int nr : {SCMP_SYS(tgkill), SCMP_SYS(tkill), SCMP_SYS(rt_sigqueueinfo), SCMP_SYS(rt_tgsigqueueinfo), SCMP_SYS(process_vm_readv),
                 SCMP_SYS(process_vm_writev), SCMP_SYS(pidfd_open)})
    ok &= allow_when(ctx, nr, 0, {self});
  for (int nr : {SCMP_SYS(prlimit64), SCMP_SYS(sched_setscheduler), SCMP_SYS(sched_setparam), SCMP_SYS(sched_setaffinity),
                 SCMP_SYS(sched_setattr), SCMP_SYS(migrate_pages), SCMP_SYS(move_pages)})
    ok &= allow_when(ctx, nr, 0, {0, self});
  // setpriority / ioprio_set (which, who): the worker or its group (its pid is its group's id),
  // never every process of a user.
  auto allow_which_who = [&](int nr, std::initializer_list<uint64_t> whiches) {
    for (uint64_t which : whiches)
      for (uint64_t who : {uint64_t{0}, self})
        ok &= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 2, SCMP_A0_64(SCMP_CMP_EQ, which), SCMP_A1_64(SCMP_CMP_EQ, who)) == 0;
  };
  allow_which_who(SCMP_SYS(setpriority), {PRIO_PROCESS, PRIO_PGRP});
  allow_which_who(SCMP_SYS(ioprio_set), {IOPRIO_WHO_PROCESS, IOPRIO_WHO_PGRP});
  return ok;
}

scmp_filter_ctx new_filter(uint32_t default_action) {
  scmp_filter_ctx ctx = seccomp_init(default_action);
  if (ctx && (seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_TRAP) != 0 ||  // int 0x80, another ABI
              seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2) != 0)) {            // a binary tree of numbers
    seccomp_release(ctx);
    return nullptr;
  }
  return ctx;
}

bool build_allow_list(Program& out) {
  scmp_filter_ctx ctx = new_filter(SCMP_ACT_TRAP);
  if (!ctx) return false;
  bool ok = true;
  for (int nr = 0; nr < kSyscallNumbers; ++nr)
    if (!listed(kOwnPidOnly, nr) && !listed(kNever, nr)) ok &= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0) == 0;
  ok = ok && allow_own_pid_calls(ctx) && export_program(ctx, out);
  seccomp_release(ctx);
  return ok;
}

// System V shared memory, semaphores and message queues outlive the process that made them:
// without an IPC namespace per worker, a call that makes one (a key of IPC_PRIVATE, or IPC_CREAT)
// would leave it to the machine after objgen ends (200 MB a call, say). Using existing ones is allowed.
bool trap_system_v_creation(scmp_filter_ctx ctx) {
  struct Creator {
    int nr;
    unsigned flags_arg;
  };
  bool ok = true;
  for (Creator c : {Creator{SCMP_SYS(shmget), 2}, Creator{SCMP_SYS(semget), 2}, Creator{SCMP_SYS(msgget), 1}}) {
    ok &= seccomp_rule_add(ctx, SCMP_ACT_TRAP, c.nr, 1, SCMP_A0_64(SCMP_CMP_MASKED_EQ, kLow32, IPC_PRIVATE)) == 0;
    ok &= seccomp_rule_add(ctx, SCMP_ACT_TRAP, c.nr, 1, SCMP_CMP64(c.flags_arg, SCMP_CMP_MASKED_EQ, IPC_CREAT, IPC_CREAT)) == 0;
  }
  return ok;
}

using Capabilities = std::array<__user_cap_data_struct, _LINUX_CAPABILITY_U32S_3>;

bool read_capabilities(Capabilities& data) {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  return syscall(SYS_capget, &header, data.data()) == 0;
}

bool effective(const Capabilities& data, int cap) { return (data[cap / 32].effective & (1u << (cap % 32))) != 0; }

// Whether this process may give each worker an IPC namespace of its own (CAP_SYS_ADMIN: root).
bool may_make_ipc_namespaces() {
  Capabilities data{};
  return read_capabilities(data) && effective(data, CAP_SYS_ADMIN);
}

constexpr uint64_t kTerminalChanges[] = {TCSETS,    TCSETSW,   TCSETSF,  TCSETA,      TCSETAW,  TCSETAF,  TCSETS2,     TCSETSW2,
                                         TCSETSF2,  TCSBRK,    TCSBRKP,  TIOCSBRK,    TIOCCBRK, TCXONC,   TCFLSH,      TIOCSWINSZ,
                                         TIOCSCTTY, TIOCNOTTY, TIOCCONS, TIOCSETD,    TIOCEXCL, TIOCNXCL, TIOCVHANGUP, TIOCSLCKTRMIOS,
                                         TIOCMSET,  TIOCMBIS,  TIOCMBIC, TIOCSSERIAL, TIOCLINUX};

// The second program traps argument values: commands that make the kernel signal a process (or
// type into objgen's terminal), and a clone whose child would be objgen's instead of the worker's.
// clone3 says ENOSYS, so that glibc falls back to clone, whose flags a filter can read.
bool build_argument_traps(Program& out) {
  scmp_filter_ctx ctx = new_filter(SCMP_ACT_ALLOW);
  if (!ctx) return false;
  bool ok = true;
  // F_SETLEASE: a lease on a file objgen opens later would hold objgen's open for the kernel's
  // lease-break time (45 s), however the worker was told to stop.
  for (uint64_t command : {F_SETOWN, F_SETSIG, F_SETOWN_EX, F_SETLEASE})
    ok &= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(fcntl), 1, SCMP_A1_64(SCMP_CMP_MASKED_EQ, kLow32, command)) == 0;
  for (uint64_t request : {FIOSETOWN, SIOCSPGRP, TIOCSPGRP, TIOCSTI})
    ok &= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(ioctl), 1, SCMP_A1_64(SCMP_CMP_MASKED_EQ, kLow32, request)) == 0;
  // A terminal's settings, size, flow, line and ownership: a worker has none (its own session), so
  // a terminal it opens by name is the user's; "not a terminal", as for its stdin.
  for (uint64_t request : kTerminalChanges)
    ok &= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOTTY), SCMP_SYS(ioctl), 1, SCMP_A1_64(SCMP_CMP_MASKED_EQ, kLow32, request)) == 0;
  ok &= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(clone), 1, SCMP_A0_64(SCMP_CMP_MASKED_EQ, CLONE_PARENT, CLONE_PARENT)) == 0;
  if (!g_programs.private_ipc) ok &= trap_system_v_creation(ctx);
  ok &= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) == 0;
  // io_uring's operations run in the kernel, past this filter's argument checks: "not here", as
  // on kernels built without it (liburing's users fall back to system calls).
  for (int nr : {SCMP_SYS(io_uring_setup), SCMP_SYS(io_uring_enter), SCMP_SYS(io_uring_register)})
    ok &= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), nr, 0) == 0;
  ok = ok && export_program(ctx, out);
  seccomp_release(ctx);
  return ok;
}

// The third program, loaded after objgen's own set-up of the worker (its memory limit; the ASan
// runtime's core-dump limit in objgen-asan-worker): the worker's resource limits, its being its
// processes' reaper and its death with objgen's are objgen's. A call that changed them would be
// blamed on later calls (SIGXCPU, SIGXFSZ, allocations and opens failing) or leave processes
// behind unseen; trapped, the call that tried is the finding. Reading a limit stays allowed.
bool build_settings_lock(Program& out) {
  scmp_filter_ctx ctx = new_filter(SCMP_ACT_ALLOW);
  if (!ctx) return false;
  bool ok = seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(setrlimit), 0) == 0;
  ok &= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(prlimit64), 1, SCMP_A2_64(SCMP_CMP_NE, 0)) == 0;  // a new limit given
  // Turning the reaper off, or a parent-death signal other than objgen's SIGKILL (a worker, and a
  // copy the code under test forks, set that one themselves).
  ok &= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(prctl), 2, SCMP_A0_64(SCMP_CMP_MASKED_EQ, kLow32, PR_SET_CHILD_SUBREAPER),
                         SCMP_A1_64(SCMP_CMP_EQ, 0)) == 0;
  ok &= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(prctl), 2, SCMP_A0_64(SCMP_CMP_MASKED_EQ, kLow32, PR_SET_PDEATHSIG),
                         SCMP_A1_64(SCMP_CMP_NE, SIGKILL)) == 0;
  ok = ok && export_program(ctx, out);
  seccomp_release(ctx);
  return ok;
}

// The marker becomes the worker's pid (and its negation, the worker's group).
void patch_pid(Program& program, pid_t self) {
  const uint32_t marker_group = static_cast<uint32_t>(-static_cast<int32_t>(kMarkerPid));
  for (sock_filter& insn : program) {
    if (BPF_CLASS(insn.code) != BPF_JMP) continue;
    if (insn.k == kMarkerPid)
      insn.k = static_cast<uint32_t>(self);
    else if (insn.k == marker_group)
      insn.k = static_cast<uint32_t>(-self);
  }
}

bool load(const Program& program) {
  sock_fprog prog{static_cast<unsigned short>(program.size()), const_cast<sock_filter*>(program.data())};
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0;
}

// Root without capabilities is an ordinary user to the kernel: it cannot open another user's
// process, nor a non-dumpable one (objgen), nor kill, mount, load modules or write /dev/mem.
bool drop_capabilities() {
  Capabilities data{};
  if (!read_capabilities(data)) return false;
  bool any = false;
  for (const auto& d : data) any |= (d.permitted | d.effective | d.inheritable) != 0;
  if (!any) return true;  // an ordinary user: nothing to drop (the common case outside CI)
  if (effective(data, CAP_SETPCAP))
    for (int cap = 0; cap < 64 && prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) == 0; ++cap) {
      // The bounding set: an exec'd program (objgen-asan-worker) cannot get them back as root.
    }
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3]{};
  return syscall(SYS_capset, &header, none) == 0;
}

}  // namespace

void protect_supervisor() {
  static pid_t protected_pid = 0;  // per process: a fork inherits the flag, not the subreaper bit
  if (protected_pid == getpid()) return;
  protected_pid = getpid();
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

void prepare_confinement() {
  if (g_programs.ready) return;
  g_programs.private_ipc = may_make_ipc_namespaces();
  g_programs.ready = build_allow_list(g_programs.allow_list) && build_argument_traps(g_programs.argument_traps) &&
                     build_settings_lock(g_programs.settings_lock);
}

const char* blocked_call_description(int nr) {
  struct Blocked {
    int nr;
    const char* what;
  };
#define OBJGEN_BLOCKED(name, what) \
  { SCMP_SYS(name), "the call tried to " what " (" #name ", blocked)" }
  static const Blocked table[] = {
      OBJGEN_BLOCKED(kill, "signal a process outside its worker"),
      OBJGEN_BLOCKED(tgkill, "signal a process outside its worker"),
      OBJGEN_BLOCKED(tkill, "signal a process outside its worker"),
      OBJGEN_BLOCKED(rt_sigqueueinfo, "signal a process outside its worker"),
      OBJGEN_BLOCKED(rt_tgsigqueueinfo, "signal a process outside its worker"),
      OBJGEN_BLOCKED(pidfd_send_signal, "signal a process outside its worker"),
      OBJGEN_BLOCKED(setpgid, "join a process group outside its worker"),
      OBJGEN_BLOCKED(fcntl, "have the kernel signal a process outside its worker, or take a lease on a file"),
      OBJGEN_BLOCKED(ioctl, "have the kernel signal a process outside its worker, or type into a terminal"),
      OBJGEN_BLOCKED(ptrace, "trace a process outside its worker"),
      OBJGEN_BLOCKED(process_vm_readv, "read the memory of a process outside its worker"),
      OBJGEN_BLOCKED(process_vm_writev, "write the memory of a process outside its worker"),
      OBJGEN_BLOCKED(prlimit64, "change resource limits (its worker's are objgen's; other processes' are out of reach)"),
      OBJGEN_BLOCKED(setrlimit, "change resource limits (its worker's are objgen's)"),
      OBJGEN_BLOCKED(prctl, "change how its worker reaps its processes or dies with objgen"),
      OBJGEN_BLOCKED(setpriority, "change the priority of processes outside its worker"),
      OBJGEN_BLOCKED(ioprio_set, "change the priority of processes outside its worker"),
      OBJGEN_BLOCKED(sched_setscheduler, "change the scheduling of a process outside its worker"),
      OBJGEN_BLOCKED(sched_setparam, "change the scheduling of a process outside its worker"),
      OBJGEN_BLOCKED(sched_setaffinity, "change the scheduling of a process outside its worker"),
      OBJGEN_BLOCKED(sched_setattr, "change the scheduling of a process outside its worker"),
      OBJGEN_BLOCKED(migrate_pages, "move the memory of a process outside its worker"),
      OBJGEN_BLOCKED(move_pages, "move the memory of a process outside its worker"),
      OBJGEN_BLOCKED(pidfd_open, "reach a process outside its worker"),
      OBJGEN_BLOCKED(pidfd_getfd, "reach a process outside its worker"),
      OBJGEN_BLOCKED(kcmp, "reach a process outside its worker"),
      OBJGEN_BLOCKED(process_madvise, "reach a process outside its worker"),
      OBJGEN_BLOCKED(setns, "leave its worker's namespaces"),
      OBJGEN_BLOCKED(unshare, "leave its worker's namespaces"),
      OBJGEN_BLOCKED(clone, "start a process outside its worker (CLONE_PARENT)"),
      OBJGEN_BLOCKED(fork, "fork a process behind the C library's back"),
      OBJGEN_BLOCKED(shmget, "make System V shared memory, which would outlive its worker"),
      OBJGEN_BLOCKED(semget, "make System V semaphores, which would outlive its worker"),
      OBJGEN_BLOCKED(msgget, "make a System V message queue, which would outlive its worker"),
      // A timer's signal would end (or be blamed on) a later call: the call that arms it is the finding.
      OBJGEN_BLOCKED(alarm, "arm a timer signal"),
      OBJGEN_BLOCKED(setitimer, "arm a timer signal"),
      OBJGEN_BLOCKED(timer_create, "arm a timer signal"),
  };
#undef OBJGEN_BLOCKED
  for (const Blocked& b : table)
    if (b.nr == nr) return b.what;
  return "the call made a system call that workers may not make (blocked)";
}

bool confine_worker(pid_t self) {
  if (!g_programs.ready) return false;
  // System V objects and POSIX message queues the code under test makes go with the worker.
  if (g_programs.private_ipc && unshare(CLONE_NEWIPC) != 0) return false;
  if (!drop_capabilities()) return false;
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
  // A forked worker inherits objgen's dumpable 0, which makes its own /proc/self/{fd,environ,...}
  // root's: without capabilities it is harmless to let the code under test read them again.
  prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
  patch_pid(g_programs.allow_list, self);  // this process's copy
  return load(g_programs.argument_traps) && load(g_programs.allow_list);
}

bool lock_worker_settings() {
  if (!g_programs.ready) prepare_confinement();  // a program objgen exec'd builds its own
  return g_programs.ready && load(g_programs.settings_lock);
}

}  // namespace objgen
