#include "exec/run_deadline.hpp"
#include "exec/worker_pool.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstring>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>
#include <utility>

#include <fmt/format.h>

namespace objgen {

namespace {
constexpr int kMaxWorkers = 256;
constexpr int64_t kIdle = -1;
// A worker's `current` before its attempt's first candidate. A worker whose heap an earlier call
// corrupted may die there (at its next malloc); the job then restarts on a fresh worker instead
// of being lost or blamed on a call.
constexpr uint64_t kNotStarted = UINT64_MAX;
// A job whose fresh workers keep dying before its first candidate is reported as a crash.
constexpr int kMaxTakeovers = 3;
// How often the parent looks at its workers when nothing wakes it: a hang is noticed this much
// after the call time limit at most, and a worker's captured output is trimmed this often.
constexpr auto kLookPeriod = std::chrono::milliseconds(5);
constexpr const char* kForged = "the call wrote into objgen's shared memory";
constexpr const char* kForgedChannel = "the call wrote into objgen's channel to its worker";
}  // namespace

struct WorkerPool::Worker {
  std::unique_ptr<JobRegion> shared;  // the worker's region (a shared mapping when isolated)
  ChildProcess process;               // isolated workers
  int pidfd = -1;                     // readable when the process ends (-1: the kernel has no pidfd_open)
  std::thread thread;
  int socket = -1;         // objgen's end
  int worker_socket = -1;  // the worker's end (closed in objgen once a worker process has it)
  bool running = false;
  bool loaded = false;  // it said so
  WorkerInbox inbox;
  // The attempt it holds: objgen's own record.
  int64_t job = kIdle;
  uint64_t first = 0, seed = 0;
  bool careful = false;
  uint64_t current = kNotStarted, phase = 0;  // careful attempts: from its messages
  uint64_t explored = 0;                      // careful attempts: before `current`
  uint64_t attempt = 0;                       // orders given: a message handler may start another
  int64_t seen_job = kIdle;
  uint64_t seen_current = 0;
  std::chrono::steady_clock::time_point seen_at, launched_at;
  FruitlessStarts fruitless;  // the slot's processes in a row that ended while loading the code under test
};

WorkerPool::WorkerPool(int workers, bool isolate, double call_timeout_seconds, size_t record_capacity, size_t text_capacity,
                       ChildOptions child_options)
    : workers_(std::clamp(workers, 1, kMaxWorkers)),
      isolate_(isolate),
      child_options_(std::move(child_options)),
      call_timeout_(call_timeout_seconds),
      record_capacity_(record_capacity),
      text_capacity_(text_capacity),
      seed_(std::random_device{}()) {
  for (int i = 0; i < workers_ * 2 + 2; ++i) ring_.push_back(std::make_unique<JobRegion>(record_capacity_, text_capacity, false));
  for (int i = 0; i < workers_; ++i) {
    slots_.push_back(std::make_unique<Worker>());
    slots_.back()->shared = std::make_unique<JobRegion>(record_capacity_, text_capacity, isolate_);
  }
}

WorkerPool::~WorkerPool() {
  end();
  for (auto& w : slots_)
    if (w->pidfd >= 0) close(w->pidfd);
}

void WorkerPool::begin(size_t job_count, std::function<uint64_t(size_t)> first_of, Body body, std::function<uint64_t(size_t)> end_of) {
  end();
  job_count_ = job_count;
  next_job_ = released_ = 0;
  reported_.assign(job_count, 0);
  careful_.assign(job_count, 0);
  takeovers_.assign(job_count, 0);
  first_of_ = std::move(first_of);
  end_of_ = end_of ? std::move(end_of) : [](size_t) { return UINT64_MAX; };
  body_ = std::move(body);
  dispatch();
}

void WorkerPool::launch(int slot) {
  Worker& w = *slots_[slot];
  stop_worker(w);
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) throw std::runtime_error("objgen: cannot open a socket to a worker");
  w.socket = fds[0];
  w.worker_socket = fds[1];
  w.running = true;
  w.loaded = false;
  w.inbox.clear();
  w.job = kIdle;
  ++w.attempt;
  w.seen_job = kIdle;
  w.seen_at = w.launched_at = std::chrono::steady_clock::now();
  if (isolate_) {
    if (w.pidfd >= 0) close(w.pidfd);  // before the fork: the new worker must not inherit it
    w.pidfd = -1;
    w.process.start(
        [this, slot] {
          close_parent_fds(slot);
          worker_main(slot);
        },
        child_options_);
    w.pidfd = static_cast<int>(syscall(SYS_pidfd_open, w.process.pid(), 0));
    close(w.worker_socket);
    w.worker_socket = -1;
  } else {
    w.thread = std::thread([this, slot] { worker_main(slot); });
  }
}

void WorkerPool::order(int slot, size_t job, uint64_t first, bool careful) {
  Worker& w = *slots_[slot];
  w.job = static_cast<int64_t>(job);
  w.first = first;
  w.careful = careful;
  w.seed = seed_ = seed_ * 6364136223846793005ULL + 1442695040888963407ULL;
  w.current = kNotStarted;
  w.phase = w.explored = 0;
  ++w.attempt;
  w.seen_job = kIdle;
  w.seen_at = std::chrono::steady_clock::now();
  // Set here too, before the order: a worker that dies before it reads its order leaves a region
  // that says this attempt began and ran nothing.
  if (careful)
    w.shared->fill_watched(w.seed);
  else
    w.shared->reset(w.seed);
  JobOrder o{JobOrder::Run, careful ? 1u : 0u, job, first, w.seed};
  send_all(w.socket, &o, sizeof o);  // a worker already gone is seen by look()
}

void WorkerPool::dispatch() {
  for (int slot = 0; slot < workers_; ++slot) {
    if (next_job_ >= job_count_ || next_job_ >= released_ + ring_.size()) return;
    if (slots_[slot]->job != kIdle) continue;
    if (!slots_[slot]->running) launch(slot);
    size_t j = next_job_++;
    ring_[j % ring_.size()]->reset();
    order(slot, j, first_of_(j), careful_[j] != 0);
  }
}

void WorkerPool::close_parent_fds(int slot) {
  for (int other = 0; other < workers_; ++other) {
    Worker& w = *slots_[other];
    if (w.pidfd >= 0) close(w.pidfd);
    w.pidfd = -1;
    if (w.socket >= 0) close(w.socket);
    w.socket = -1;
    if (other == slot) continue;
    if (w.worker_socket >= 0) close(w.worker_socket);
    w.worker_socket = -1;
    // Another worker's records are not this one's to write.
    munmap(w.shared->bytes(), w.shared->byte_count());
  }
}

void WorkerPool::worker_main(int slot) {
  int fd = slots_[slot]->worker_socket;
  WorkerMessage loaded{WorkerMessage::Loaded, 0, 0, 0, 0, 0};  // the loader ran before this body
  if (!send_all(fd, &loaded, sizeof loaded)) return;
  for (;;) {
    JobOrder o{};
    if (!receive_all(fd, &o, sizeof o) || o.kind != JobOrder::Run) return;
    if (!is_original_child()) _exit(0);  // a copy the code under test forked: never run a job
    run_attempt(slot, o);
  }
}

void WorkerPool::run_attempt(int slot, const JobOrder& o) {
  Worker& w = *slots_[slot];
  JobRegion& shared = *w.shared;
  const int fd = w.worker_socket;
  std::unique_ptr<JobRegion> mine;  // a careful attempt's records: private, each also sent
  std::optional<CarefulWatch> watch;
  std::atomic<uint64_t> private_current{kNotStarted}, private_phase{0};
  JobRegion* region = &shared;
  std::atomic<uint64_t>* current = &shared.header().current;
  t_worker_phase = &shared.header().phase;
  if (o.careful) {
    mine = std::make_unique<JobRegion>(record_capacity_, text_capacity_, false);
    watch.emplace(fd, shared, o.seed, &mine->header());
    mine->set_sink(&*watch);
    region = mine.get();
    current = &private_current;
    t_worker_phase = &private_phase;
    t_careful_watch = &*watch;
  } else {
    shared.reset(o.seed);
  }
  WorkerProgress progress(current, watch ? &*watch : nullptr);
  body_(o.job, o.first, *region, progress);
  t_worker_phase = nullptr;
  t_careful_watch = nullptr;
  if (watch) watch->finish();
  if (!is_original_child()) _exit(0);
  check_no_process_left();  // before the job counts as done: its last calls are checked too
  WorkerMessage done{WorkerMessage::Done,
                     0,
                     o.job,
                     region->header().explored.load(),
                     uint64_t{static_cast<uint32_t>(region->record_count())} << 32 | region->text_used(),
                     region->checksum()};
  if (!send_all(fd, &done, sizeof done) && isolate_) _exit(0);  // objgen is gone
}

JobRegion& WorkerPool::region(size_t job) { return *ring_[job % ring_.size()]; }

void WorkerPool::release(size_t job) { released_ = std::max(released_, job + 1); }

void WorkerPool::resume(size_t job, uint64_t first) {
  int free_slot = -1;
  for (int slot = 0; slot < workers_ && free_slot < 0; ++slot)
    if (!slots_[slot]->running) free_slot = slot;
  for (int slot = 0; slot < workers_ && free_slot < 0; ++slot)
    if (slots_[slot]->job == kIdle) free_slot = slot;
  if (free_slot < 0) throw std::logic_error("objgen: no free worker slot to resume a job");
  if (!slots_[free_slot]->running) launch(free_slot);
  order(free_slot, job, first, careful_[job] != 0);
}

std::vector<WorkerPool::Event> WorkerPool::wait(double max_seconds) {
  auto deadline = std::chrono::steady_clock::now() + clock_seconds(max_seconds);
  for (;;) {
    dispatch();  // here, not while events are out: their slots are the caller's to resume
    std::vector<Event> events = look();
    auto now = std::chrono::steady_clock::now();
    if (!events.empty() || now >= deadline) return events;
    sleep_until_event(std::min<std::chrono::steady_clock::time_point>(deadline, now + kLookPeriod));
  }
}

void WorkerPool::sleep_until_event(std::chrono::steady_clock::time_point until) {
  pollfd fds[2 * kMaxWorkers];
  nfds_t n = 0;
  for (auto& w : slots_) {
    if (!w->running) continue;
    if (w->socket >= 0) fds[n++] = {w->socket, POLLIN, 0};
    if (w->pidfd >= 0) fds[n++] = {w->pidfd, POLLIN, 0};
  }
  auto left = std::chrono::duration_cast<std::chrono::microseconds>(until - std::chrono::steady_clock::now());
  int ms = static_cast<int>(std::max<int64_t>(1, (left.count() + 999) / 1000));
  poll(fds, n, ms);
}

std::vector<WorkerPool::Event> WorkerPool::look() {
  std::vector<Event> events;
  auto now = std::chrono::steady_clock::now();
  for (int slot = 0; slot < workers_; ++slot) {
    Worker& w = *slots_[slot];
    if (!w.running) continue;
    read_messages(slot, events);
    if (!w.running || !isolate_) continue;
    if (w.process.ended()) {
      w.running = false;
      read_messages(slot, events);  // what it said before it ended
      // A worker that exits while it holds a job (even with status 0, say the code under test
      // called exit) died in that job's current call.
      after_death(slot, Event::Crashed, w.process.describe_death(), events);
      continue;
    }
    w.process.trim_output();
    check_progress(slot, now, events);
  }
  return events;
}

void WorkerPool::read_messages(int slot, std::vector<Event>& events) {
  Worker& w = *slots_[slot];
  if (w.socket < 0) return;
  w.inbox.fill(w.socket);
  const uint64_t attempt = w.attempt;
  WorkerMessage m{};
  std::string payload;
  // Until the inbox is empty, or a message ended the attempt (the rest is the dead attempt's).
  while (w.attempt == attempt && w.socket >= 0) {
    WorkerInbox::Next next = w.inbox.next(m, payload, sizeof(CandidateRecord) + text_capacity_);
    if (next == WorkerInbox::Next::Incomplete) return;
    if (next == WorkerInbox::Next::Malformed) {
      w.inbox.clear();
      channel_forged(slot, "its channel carried a message objgen never asked for", events);
      return;
    }
    on_message(slot, m, payload, events);
  }
}

// The worker's channel says what objgen never asked for: a careful attempt names its call; another
// runs again carefully; an idle worker is replaced.
void WorkerPool::channel_forged(int slot, const std::string& why, std::vector<Event>& events) {
  Worker& w = *slots_[slot];
  if (w.job == kIdle)
    launch(slot);
  else if (w.careful)
    end_attempt(slot, Event::Crashed, w.current, w.phase, kForgedChannel, events);
  else
    rerun_carefully(slot, why);
}

void WorkerPool::on_message(int slot, const WorkerMessage& m, const std::string& payload, std::vector<Event>& events) {
  Worker& w = *slots_[slot];
  switch (m.kind) {
    case WorkerMessage::Loaded:
      w.loaded = true;
      return;
    case WorkerMessage::At:
      if (!w.careful || w.job == kIdle) return;
      if (m.a < first_of_(static_cast<size_t>(w.job)) || m.a >= end_of_(static_cast<size_t>(w.job))) {
        end_attempt(slot, Event::Crashed, w.current, w.phase, kForgedChannel, events);
        return;
      }
      w.current = m.a;
      w.phase = m.b;
      w.explored = m.c;
      return;
    case WorkerMessage::Record: {
      if (!w.careful || w.job == kIdle) return;
      CandidateRecord r;
      std::memcpy(&r, payload.data(), sizeof r);
      std::string why = region(static_cast<size_t>(w.job)).adopt_one(r, std::string_view(payload).substr(sizeof r), bounds(w));
      if (!why.empty()) end_attempt(slot, Event::Crashed, w.current, w.phase, std::string(kForged) + ": " + why, events);
      return;
    }
    case WorkerMessage::Damaged:
      if (w.careful && w.job != kIdle && m.a == w.current)
        end_attempt(slot, Event::Crashed, w.current, w.phase, std::string(kForged) + " (its worker found it changed after the call)",
                    events);
      return;
    case WorkerMessage::Done:
      on_done(slot, m, events);
      return;
  }
}

RecordBounds WorkerPool::bounds(const Worker& w) const {
  size_t j = static_cast<size_t>(w.job);
  uint64_t end = end_of_(j);
  return {first_of_(j), end, end == UINT64_MAX || end < w.first ? UINT64_MAX : end - w.first};
}

void WorkerPool::on_done(int slot, const WorkerMessage& m, std::vector<Event>& events) {
  Worker& w = *slots_[slot];
  if (w.job == kIdle || m.a != static_cast<uint64_t>(w.job)) {
    channel_forged(slot, "it said a job it did not hold was done", events);
    return;
  }
  size_t j = static_cast<size_t>(w.job);
  RecordBounds b = bounds(w);
  if (w.careful) {
    region(j).add_explored(std::min(m.b, b.explored_max));
  } else {
    const JobHeader& h = w.shared->header();
    uint64_t said = uint64_t{h.records.load()} << 32 | h.text_used.load();
    std::string why =
        said != m.c || h.checksum.load() != m.d ? "its counts are not what its worker said" : region(j).adopt(*w.shared, w.seed, b);
    if (!why.empty()) {
      rerun_carefully(slot, why);
      return;
    }
  }
  w.job = kIdle;
  if (!reported_[j]) events.push_back({Event::Done, j, 0, {}, 0});
  reported_[j] = 1;
}

bool WorkerPool::read_current(Worker& w, uint64_t& at, uint64_t& phase) const {
  if (w.careful || w.job == kIdle) {
    at = w.current, phase = w.phase;
    return true;
  }
  at = w.shared->header().current.load(std::memory_order_acquire);
  phase = w.shared->header().phase.load(std::memory_order_acquire);
  size_t j = static_cast<size_t>(w.job);
  return at == kNotStarted || (at >= first_of_(j) && at < end_of_(j));
}

void WorkerPool::check_progress(int slot, std::chrono::steady_clock::time_point now, std::vector<Event>& events) {
  Worker& w = *slots_[slot];
  uint64_t at = 0, phase = 0;
  if (!read_current(w, at, phase)) {
    rerun_carefully(slot, fmt::format("it named candidate {}, outside its job", at));
    return;
  }
  if (!w.loaded && std::chrono::duration<double>(now - w.launched_at).count() > load_limit_seconds()) {
    // Static initializers that never return: no call ran, so no job lost or blamed.
    w.process.kill();
    w.running = false;
    after_death(slot, Event::TimedOut, fmt::format("loading the code under test did not end within {:g} s", load_limit_seconds()), events);
    return;
  }
  bool waiting = !w.loaded || w.job == kIdle || at == kNotStarted;
  if (w.job != w.seen_job || at != w.seen_current || waiting) {
    w.seen_job = w.job;
    w.seen_current = at;
    w.seen_at = now;
    return;
  }
  if (std::chrono::duration<double>(now - w.seen_at).count() <= call_timeout_) return;
  // Freeze it first: it may have moved on since the reads above.
  ChildProcess::Freeze frozen = w.process.freeze();
  if (frozen == ChildProcess::Freeze::Interrupted) return;  // objgen stops; end() kills it
  if (frozen == ChildProcess::Freeze::Unstoppable) {
    w.running = false;
    after_death(slot, Event::TimedOut, fmt::format("no return within {:g} s; {}", call_timeout_, w.process.describe_death()), events);
    return;
  }
  if (frozen == ChildProcess::Freeze::Ended) {
    w.running = false;
    after_death(slot, Event::Crashed, w.process.describe_death(), events);
    return;
  }
  const uint64_t attempt = w.attempt;
  read_messages(slot, events);
  uint64_t now_at = 0, now_phase = 0;
  if (!w.running || w.attempt != attempt) return;  // a message ended the attempt
  if (w.job == kIdle || !read_current(w, now_at, now_phase) || now_at != at) {
    w.process.thaw();  // it moved on: nothing timed out
    w.seen_job = kIdle;
    return;
  }
  w.process.kill();
  w.running = false;
  after_death(slot, Event::TimedOut, fmt::format("no return within {:g} s", call_timeout_), events);
}

void WorkerPool::end_attempt(int slot, Event::Kind kind, uint64_t at, uint64_t phase, std::string what, std::vector<Event>& events) {
  Worker& w = *slots_[slot];
  size_t j = static_cast<size_t>(w.job);
  // A careful attempt's count came with its candidates (the culprit's own included, as a
  // worker's region counts it).
  if (w.careful) region(j).add_explored(std::min(w.explored + (at != kNotStarted ? 1 : 0), bounds(w).explored_max));
  // The culprit is named: the job goes on after it at full speed (a careful attempt reports every
  // candidate over its socket, a thousand times slower); another forgery is found as the first was.
  if (w.careful && at != kNotStarted) careful_[j] = 0;
  if (isolate_) {
    w.process.kill();
    w.running = false;
  }
  w.job = kIdle;
  ++w.attempt;
  w.inbox.clear();
  if (at == kNotStarted) {  // it never named a candidate of its own: the first of its attempt
    at = w.first;
    what += " (before its first candidate)";
  }
  events.push_back({kind, j, at, std::move(what), phase});
}

void WorkerPool::rerun_carefully(int slot, const std::string& why) {
  Worker& w = *slots_[slot];
  if (!isolate_) throw std::runtime_error("objgen: the code under test wrote over a job's records (" + why + "); run it isolated");
  size_t j = static_cast<size_t>(w.job);
  uint64_t first = w.first;
  careful_[j] = 1;
  launch(slot);  // stops the worker first
  order(slot, j, first, true);
}

// The slot's worker is gone (killed or ended); what it held says what it was doing.
void WorkerPool::after_death(int slot, Event::Kind kind, std::string what, std::vector<Event>& events) {
  Worker& w = *slots_[slot];
  // Starting more workers that cannot load would never end (their static initializers crash or hang).
  w.fruitless.note(w.loaded, kind == Event::TimedOut, what);
  if (w.job == kIdle) return;  // dispatch() restarts it while jobs are left
  size_t j = static_cast<size_t>(w.job);
  uint64_t at = 0, phase = 0;
  if (!w.careful) {
    std::string why = read_current(w, at, phase) ? region(j).adopt(*w.shared, w.seed, bounds(w)) : "a candidate outside its job";
    if (!why.empty()) {
      rerun_carefully(slot, why);
      return;
    }
  } else {
    read_current(w, at, phase);
    if (!w.shared->watched_intact(w.seed)) what += std::string("; ") + kForged;
  }
  if (at != kNotStarted) {
    end_attempt(slot, kind, at, phase, std::move(what), events);
    return;
  }
  // Died before its first candidate: start the attempt again on a fresh worker, unless that keeps
  // failing.
  uint64_t first = w.first;
  if (++takeovers_[j] > 10 * kMaxTakeovers)  // even loaded workers die there: objgen itself is broken
    throw std::runtime_error("objgen: workers keep dying before job " + std::to_string(j) + " starts: " + what);
  if (takeovers_[j] > kMaxTakeovers) {
    w.job = kIdle;
    events.push_back({Event::Crashed, j, first,
                      what + " (the worker died before the job's first call, " + std::to_string(kMaxTakeovers) + " times)", 0});
    return;
  }
  bool careful = w.careful;
  launch(slot);
  order(slot, j, first, careful);
}

double WorkerPool::load_limit_seconds() const { return std::max(worker_load_seconds(), call_timeout_); }

void WorkerPool::stop_worker(Worker& w) {
  if (w.running) {
    if (isolate_) {
      w.process.kill();
    } else {
      JobOrder stop{JobOrder::Stop, 0, 0, 0, 0};
      send_all(w.socket, &stop, sizeof stop);
      w.thread.join();  // threads cannot be killed; they finish their job
    }
    w.running = false;
  }
  for (int* fd : {&w.socket, &w.worker_socket})
    if (*fd >= 0) {
      close(*fd);
      *fd = -1;
    }
  w.job = kIdle;
}

void WorkerPool::end() {
  for (auto& w : slots_) stop_worker(*w);
}

}  // namespace objgen
