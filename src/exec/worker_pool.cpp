#include "exec/worker_pool.hpp"

#include "exec/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "exec/executor.hpp"

namespace objgen {

JobRegion::JobRegion(size_t record_capacity, size_t text_capacity, bool shared)
    : shared_(shared), record_capacity_(record_capacity), text_capacity_(text_capacity) {
  bytes_ = sizeof(JobHeader) + 64 + record_capacity * sizeof(CandidateRecord) + text_capacity;
  if (shared) {
    base_ = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (base_ == MAP_FAILED) throw std::runtime_error("objgen: cannot map shared memory for workers");
  } else {
    base_ = ::operator new(bytes_);
  }
  header_ = new (base_) JobHeader{};
  records_ = reinterpret_cast<CandidateRecord*>(static_cast<char*>(base_) + sizeof(JobHeader) + 64 -
                                                (sizeof(JobHeader) + 64) % alignof(CandidateRecord));
  text_ = reinterpret_cast<char*>(records_ + record_capacity);
  reset();
}

JobRegion::~JobRegion() {
  if (shared_)
    munmap(base_, bytes_);
  else
    ::operator delete(base_);
}

void JobRegion::reset() {
  header_->explored.store(0);
  header_->records.store(0);
  header_->text_used.store(0);
}

void JobRegion::append(const CandidateRecord& r, const std::string& message, bool whole) {
  uint32_t n = header_->records.load(std::memory_order_relaxed);
  uint32_t used = header_->text_used.load(std::memory_order_relaxed);
  if (n >= record_capacity_ || (whole && message.size() > text_capacity_ - used))
    throw std::length_error(
        fmt::format("objgen: a job's results do not fit its region ({} records, {} bytes of text)", record_capacity_, text_capacity_));
  CandidateRecord& dst = records_[n];
  dst = r;
  size_t len = whole ? message.size() : std::min({message.size(), kMaxMessage, text_capacity_ - used});
  std::memcpy(text_ + used, message.data(), len);
  dst.text_offset = used;
  dst.text_length = static_cast<uint32_t>(len);
  header_->text_used.store(static_cast<uint32_t>(used + len), std::memory_order_relaxed);
  header_->records.store(n + 1, std::memory_order_release);
}

std::string JobRegion::text(const CandidateRecord& r) const {
  // The region is shared with code that may have scribbled on it: read only inside it.
  if (r.text_offset > text_capacity_ || r.text_length > text_capacity_ - r.text_offset) return "";
  return std::string(text_ + r.text_offset, r.text_length);
}

namespace {
constexpr int kMaxWorkers = 256;
constexpr int64_t kIdle = -1;
// `current` before a job's first candidate, and `resume_at` of a job claimed whose region is not
// reset yet. A worker whose heap an earlier call corrupted may die in either window (at its next
// malloc); the job then restarts on a fresh worker instead of being lost or blamed on a call.
constexpr uint64_t kNotStarted = UINT64_MAX;
// A job whose fresh workers keep dying before its first candidate is reported as a crash.
constexpr int kMaxTakeovers = 3;
// How often the parent looks at its workers when nothing wakes it: a hang is noticed this much
// after the call time limit at most, a worker's captured output is trimmed this often, and a
// lost wake-up (a full pipe) is made up for.
constexpr auto kLookPeriod = std::chrono::milliseconds(5);
}  // namespace

struct WorkerPool::Control {
  std::atomic<uint64_t> next_job;
  std::atomic<uint64_t> released;  // jobs below this are merged; their regions are free
  std::atomic<uint32_t> stop;
  struct Slot {
    std::atomic<int64_t> job;         // job being executed, or kIdle
    std::atomic<uint64_t> current;    // candidate being executed, or kNotStarted
    std::atomic<uint64_t> resume_at;  // where this attempt at the job starts, or kNotStarted
    std::atomic<uint64_t> phase;      // what the body is doing for `current` (set_worker_phase)
    std::atomic<uint32_t> loaded;     // the worker has loaded the code under test (its body started)
  } slots[kMaxWorkers];
  std::atomic<uint8_t>* done() { return reinterpret_cast<std::atomic<uint8_t>*>(this + 1); }
};

struct WorkerPool::Worker {
  ChildProcess process;  // isolated workers
  int pidfd = -1;        // readable when the process ends (-1: the kernel has no pidfd_open)
  std::thread thread;
  bool running = false;
  int64_t seen_job = kIdle;
  uint64_t seen_current = 0;
  std::chrono::steady_clock::time_point seen_at;
  std::chrono::steady_clock::time_point launched_at;
  FruitlessStarts fruitless;  // the slot's processes in a row that ended while loading the code under test
};

WorkerPool::WorkerPool(int workers, bool isolate, double call_timeout_seconds, size_t record_capacity, size_t text_capacity,
                       ChildOptions child_options)
    : workers_(std::clamp(workers, 1, kMaxWorkers)),
      isolate_(isolate),
      child_options_(child_options),
      call_timeout_(call_timeout_seconds),
      record_capacity_(record_capacity) {
  for (int i = 0; i < workers_ * 2 + 2; ++i) ring_.push_back(std::make_unique<JobRegion>(record_capacity_, text_capacity, isolate_));
  for (int i = 0; i < workers_; ++i) slots_.push_back(std::make_unique<Worker>());
  if (pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) wake_[0] = wake_[1] = -1;  // the parent looks on a timer alone
}

WorkerPool::~WorkerPool() {
  end();
  for (auto& w : slots_)
    if (w->pidfd >= 0) close(w->pidfd);
  for (int fd : wake_)
    if (fd >= 0) close(fd);
  if (control_) {
    if (isolate_)
      munmap(control_, control_bytes_);
    else
      ::operator delete(control_);
  }
}

void WorkerPool::begin(size_t job_count, std::function<uint64_t(size_t)> first_of, Body body) {
  end();
  if (control_) {
    if (isolate_)
      munmap(control_, control_bytes_);
    else
      ::operator delete(control_);
  }
  control_bytes_ = sizeof(Control) + job_count + 64;
  void* mem =
      isolate_ ? mmap(nullptr, control_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0) : ::operator new(control_bytes_);
  if (mem == MAP_FAILED) throw std::runtime_error("objgen: cannot map shared memory for workers");
  std::memset(mem, 0, control_bytes_);
  control_ = new (mem) Control;
  for (auto& s : control_->slots) s.job.store(kIdle);
  job_count_ = job_count;
  reported_.assign(job_count, 0);
  takeovers_.assign(job_count, 0);
  first_of_ = std::move(first_of);
  body_ = std::move(body);
  int n = static_cast<int>(std::min<size_t>(static_cast<size_t>(workers_), job_count));
  for (int slot = 0; slot < n; ++slot) launch(slot, kIdle, 0);
}

void WorkerPool::launch(int slot, int64_t resume_job, uint64_t resume_first) {
  Worker& w = *slots_[slot];
  w.running = true;
  w.seen_job = kIdle;
  w.seen_at = w.launched_at = std::chrono::steady_clock::now();
  // Set before the worker exists, so that its slot never shows a previous worker's job.
  auto& s = control_->slots[slot];
  s.resume_at.store(resume_first);
  s.current.store(kNotStarted);
  s.job.store(resume_job);
  s.phase.store(0);
  s.loaded.store(0);
  if (isolate_) {
    if (w.pidfd >= 0) close(w.pidfd);  // before the fork: the new worker must not inherit it
    w.pidfd = -1;
    w.process.start(
        [this, slot, resume_job, resume_first] {
          close_parent_fds();
          start(slot, resume_job, resume_first);
        },
        child_options_);
    w.pidfd = static_cast<int>(syscall(SYS_pidfd_open, w.process.pid(), 0));
  } else {
    w.thread = std::thread([this, slot, resume_job, resume_first] { start(slot, resume_job, resume_first); });
  }
}

void WorkerPool::close_parent_fds() {
  if (wake_[0] >= 0) close(wake_[0]);
  wake_[0] = -1;
  for (auto& w : slots_)
    if (w->pidfd >= 0) {
      close(w->pidfd);
      w->pidfd = -1;
    }
}

void WorkerPool::start(int slot, int64_t resume_job, uint64_t resume_first) {
  control_->slots[slot].loaded.store(1, std::memory_order_release);  // the loader runs before the body
  if (resume_job == kIdle) {
    worker_loop(slot, kIdle);
  } else if (resume_first == kNotStarted) {
    worker_loop(slot, resume_job);
  } else {
    run_job(slot, static_cast<size_t>(resume_job), resume_first);
    worker_loop(slot, kIdle);
  }
}

void WorkerPool::worker_loop(int slot, int64_t claimed) {
  const uint64_t ring = ring_.size();
  for (;;) {
    if (!is_original_child()) _exit(0);  // a copy the code under test forked: never claim a job
    uint64_t job = claimed != kIdle ? static_cast<uint64_t>(claimed) : control_->next_job.fetch_add(1);
    claimed = kIdle;
    if (job >= job_count_) return;
    auto& s = control_->slots[slot];
    s.resume_at.store(kNotStarted, std::memory_order_relaxed);
    s.current.store(kNotStarted, std::memory_order_relaxed);
    s.job.store(static_cast<int64_t>(job), std::memory_order_release);
    while (job >= control_->released.load(std::memory_order_acquire) + ring) {
      if (control_->stop.load()) return;
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    ring_[job % ring]->reset();
    run_job(slot, job, first_of_(job));
  }
}

void WorkerPool::run_job(int slot, size_t job, uint64_t first) {
  auto& s = control_->slots[slot];
  s.resume_at.store(first, std::memory_order_relaxed);
  s.current.store(kNotStarted, std::memory_order_relaxed);  // the body publishes its first candidate
  s.phase.store(0, std::memory_order_relaxed);
  s.job.store(static_cast<int64_t>(job), std::memory_order_release);
  t_worker_phase = &s.phase;
  body_(job, first, *ring_[job % ring_.size()], s.current);
  t_worker_phase = nullptr;
  if (!is_original_child()) _exit(0);
  check_no_process_left();  // before the job counts as done: its last calls are checked too
  s.job.store(kIdle, std::memory_order_release);
  control_->done()[job].store(1, std::memory_order_release);
  char done = 1;
  if (wake_[1] >= 0 && write(wake_[1], &done, 1) < 0) {
    // Only a wake-up is lost (a full pipe, say): the parent looks anyway.
  }
}

JobRegion& WorkerPool::region(size_t job) { return *ring_[job % ring_.size()]; }

void WorkerPool::release(size_t job) {
  if (job + 1 > control_->released.load()) control_->released.store(job + 1, std::memory_order_release);
}

void WorkerPool::resume(size_t job, uint64_t first) {
  for (int slot = 0; slot < workers_; ++slot)
    if (!slots_[slot]->running) {
      launch(slot, static_cast<int64_t>(job), first);
      return;
    }
  throw std::logic_error("objgen: no free worker slot to resume a job");
}

std::vector<WorkerPool::Event> WorkerPool::wait(double max_seconds) {
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(max_seconds));
  for (;;) {
    std::vector<Event> events = isolate_ ? poll_processes() : std::vector<Event>{};
    for (size_t j = 0; j < job_count_; ++j)
      if (!reported_[j] && control_->done()[j].load(std::memory_order_acquire)) {
        reported_[j] = 1;
        events.push_back({Event::Done, j, 0, {}});
      }
    auto now = std::chrono::steady_clock::now();
    if (!events.empty() || now >= deadline) return events;
    sleep_until_event(std::min<std::chrono::steady_clock::time_point>(deadline, now + kLookPeriod));
  }
}

void WorkerPool::sleep_until_event(std::chrono::steady_clock::time_point until) {
  pollfd fds[kMaxWorkers + 1];
  nfds_t n = 0;
  if (wake_[0] >= 0) fds[n++] = {wake_[0], POLLIN, 0};
  for (auto& w : slots_)
    if (w->running && w->pidfd >= 0) fds[n++] = {w->pidfd, POLLIN, 0};
  auto left = std::chrono::duration_cast<std::chrono::microseconds>(until - std::chrono::steady_clock::now());
  int ms = static_cast<int>(std::max<int64_t>(1, (left.count() + 999) / 1000));
  if (poll(fds, n, ms) <= 0 || wake_[0] < 0 || !(fds[0].revents & POLLIN)) return;
  char drain[256];
  while (read(wake_[0], drain, sizeof drain) == static_cast<ssize_t>(sizeof drain)) {
  }
}

std::vector<WorkerPool::Event> WorkerPool::poll_processes() {
  std::vector<Event> events;
  auto now = std::chrono::steady_clock::now();
  for (int slot = 0; slot < workers_; ++slot) {
    Worker& w = *slots_[slot];
    if (!w.running) continue;
    auto& s = control_->slots[slot];
    int64_t job = s.job.load(std::memory_order_acquire);
    uint64_t at = s.current.load(std::memory_order_acquire);
    if (w.process.ended()) {
      w.running = false;
      // A worker that exits while it holds a job (even with status 0, say the code under test
      // called exit) died in that job's current call.
      after_death(slot, Event::Crashed, w.process.describe_death(), events);
      continue;
    }
    w.process.trim_output();
    bool loading = s.loaded.load(std::memory_order_acquire) == 0;
    if (loading && std::chrono::duration<double>(now - w.launched_at).count() > load_limit_seconds()) {
      // Static initializers that never return: no call ran, so no job lost or blamed.
      w.process.kill();
      w.running = false;
      after_death(slot, Event::TimedOut, fmt::format("loading the code under test did not end within {:g} s", load_limit_seconds()),
                  events);
      continue;
    }
    bool waiting = loading || job == kIdle || (at == kNotStarted && s.resume_at.load() == kNotStarted);
    if (job != w.seen_job || at != w.seen_current || waiting) {
      w.seen_job = job;
      w.seen_current = at;
      w.seen_at = now;
    } else if (std::chrono::duration<double>(now - w.seen_at).count() > call_timeout_) {
      // Freeze it first: it may have moved on since the reads above, and killing a worker between
      // two of its own steps (job finished, next one claimed) would lose a job.
      ChildProcess::Freeze frozen = w.process.freeze();
      if (frozen == ChildProcess::Freeze::Interrupted) continue;  // objgen stops; end() kills it
      if (frozen == ChildProcess::Freeze::Unstoppable) {
        w.running = false;
        after_death(slot, Event::TimedOut, fmt::format("no return within {:g} s; {}", call_timeout_, w.process.describe_death()), events);
      } else if (frozen == ChildProcess::Freeze::Ended) {
        w.running = false;
        after_death(slot, Event::Crashed, w.process.describe_death(), events);
      } else if (s.job.load() != job || s.current.load() != at) {
        w.process.thaw();  // it moved on: nothing timed out
        w.seen_job = s.job.load();
        w.seen_current = s.current.load();
        w.seen_at = now;
      } else {
        w.process.kill();
        w.running = false;
        after_death(slot, Event::TimedOut, fmt::format("no return within {:g} s", call_timeout_), events);
      }
    }
  }
  return events;
}

// The slot's worker is gone; its final state says what it was doing. kind is Crashed or
// TimedOut for a real death, Done for a worker killed right after it made progress.
void WorkerPool::after_death(int slot, Event::Kind kind, const std::string& what, std::vector<Event>& events) {
  auto& s = control_->slots[slot];
  int64_t job = s.job.load(std::memory_order_acquire);
  uint64_t at = s.current.load(std::memory_order_acquire);
  uint64_t resume = s.resume_at.load(std::memory_order_acquire);
  uint64_t phase = s.phase.load(std::memory_order_acquire);
  // Starting more workers that cannot load would never end (their static initializers crash or hang).
  slots_[slot]->fruitless.note(kind == Event::Done || s.loaded.load(std::memory_order_acquire) != 0, kind == Event::TimedOut, what);
  if (job == kIdle) {
    if (control_->next_job.load() < job_count_) launch(slot, kIdle, 0);  // jobs are left: keep the slot busy
    return;
  }
  size_t j = static_cast<size_t>(job);
  if (at != kNotStarted && kind != Event::Done) {
    events.push_back({kind, j, at, what, phase});
    return;
  }
  // Died before its first candidate (or killed just after moving on): start the job again from
  // where this attempt started, on a fresh worker, unless that keeps failing.
  uint64_t from = at != kNotStarted ? at : resume;
  if (++takeovers_[j] > 10 * kMaxTakeovers)  // even loaded workers die there: objgen itself is broken
    throw std::runtime_error("objgen: workers keep dying before job " + std::to_string(j) + " starts: " + what);
  if (takeovers_[j] > kMaxTakeovers) {
    events.push_back({Event::Crashed, j, from == kNotStarted ? first_of_(j) : from,
                      what + " (the worker died before the job's first call, " + std::to_string(kMaxTakeovers) + " times)", 0});
    return;
  }
  launch(slot, job, from);
}

double WorkerPool::load_limit_seconds() const { return std::max(kWorkerLoadSeconds, call_timeout_); }

void WorkerPool::end() {
  if (!control_) return;
  control_->stop.store(1);
  control_->next_job.store(job_count_);
  for (auto& wp : slots_) {
    Worker& w = *wp;
    if (!w.running) continue;
    if (isolate_) {
      w.process.kill();
    } else {
      w.thread.join();  // threads cannot be killed; they finish their job
    }
    w.running = false;
  }
}

}  // namespace objgen
