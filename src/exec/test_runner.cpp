#include "exec/test_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

#include "exec/child_process.hpp"
#include "exec/run_deadline.hpp"
#include "exec/test_runner_shared.hpp"
#include "exec/worker_channel.hpp"
#include "exec/worker_filesystem.hpp"

namespace objgen {
namespace {

constexpr int kDeathsBeforeBlame = 3;  // workers dying before claiming one: blame the next
constexpr const char* kForgedChannel = "the call wrote into objgen's channel to its worker";

// The slots hold exactly what the ranges report.
RunnerOptions with_coverage_totals(RunnerOptions o) {
  o.mut_nodes = o.mut_outcome_count = o.mut_site_count = 0;
  for (const CoveredRange& r : o.coverage) {
    o.mut_nodes += r.nodes;
    o.mut_outcome_count += r.outcome_count;
    o.mut_site_count += r.site_count;
  }
  return o;
}

}  // namespace

const size_t TestRunner::kPackedTestBytes = sizeof(PackedTest);

// The batches live in a memory file, so that a worker that is another program can map them.
TestRunner::TestRunner(const Api& api, const LiteralDomain& terminals, RunnerOptions options)
    : api_(api), terminals_(terminals), opt_(with_coverage_totals(std::move(options))) {
  shared_bytes_ = sizeof(Shared) + 64 + kBatchCapacity * sizeof(PackedTest);
  packed_.resize(kBatchCapacity * sizeof(PackedTest));
  results_.resize(kBatchCapacity * result_bytes());
  shared_fd_ = memfd_create("objgen-test-runner", MFD_CLOEXEC);
  void* p = shared_fd_ >= 0 && ftruncate(shared_fd_, static_cast<off_t>(shared_bytes_)) == 0
                ? mmap(nullptr, shared_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, shared_fd_, 0)
                : MAP_FAILED;
  if (p == MAP_FAILED) {
    if (shared_fd_ >= 0) close(shared_fd_);
    throw std::runtime_error("cannot create memory for the test runner");
  }
  shared_ = new (p) Shared{};
  for (size_t k = 0; k < grown_from_.size(); ++k) grown_from_[k] = static_cast<uint32_t>(terminals_.of(static_cast<LiteralKind>(k)).size());
}

TestRunner::TestRunner(const Api& api, const LiteralDomain& terminals, RunnerOptions options, Attach attach)
    : api_(api), terminals_(terminals), opt_(with_coverage_totals(std::move(options))) {
  shared_bytes_ = sizeof(Shared) + 64 + kBatchCapacity * sizeof(PackedTest);
  packed_.resize(kBatchCapacity * sizeof(PackedTest));
  results_.resize(kBatchCapacity * result_bytes());
  if (attach.bytes != shared_bytes_) throw std::runtime_error("the runner's memory has another layout");
  void* p = mmap(nullptr, shared_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, attach.fd, 0);
  if (p == MAP_FAILED) throw std::runtime_error("cannot map the runner's memory");
  shared_ = static_cast<Shared*>(p);
  for (size_t k = 0; k < grown_from_.size(); ++k) grown_from_[k] = static_cast<uint32_t>(terminals_.of(static_cast<LiteralKind>(k)).size());
}

TestRunner::~TestRunner() {
  stop_worker();
  munmap(shared_, shared_bytes_);
  if (shared_fd_ >= 0) close(shared_fd_);
}

void TestRunner::serve(const Api& api, const LiteralDomain& terminals, RunnerOptions options, int shared_fd, size_t bytes, int notify_fd) {
  static TestRunner* runner = nullptr;  // never destroyed: the worker ends with _exit
  try {
    runner = new TestRunner(api, terminals, std::move(options), Attach{shared_fd, bytes});
  } catch (const std::exception& e) {
    std::fprintf(stderr, "objgen worker: %s\n", e.what());
    _exit(4);
  }
  close(shared_fd);                       // the mapping stays; nothing the code under test starts gets the file
  fcntl(notify_fd, F_SETFD, FD_CLOEXEC);  // ...or the socket
  runner->notify_fd_ = notify_fd;
  runner->worker_main();
}

size_t TestRunner::result_bytes() const {
  size_t b = sizeof(PackedResult) + opt_.mut_nodes * sizeof(uint32_t) + opt_.mut_outcome_count * sizeof(double) +
             opt_.mut_site_count * sizeof(PackedOperands);
  return (b + 7) & ~size_t{7};
}

unsigned char* TestRunner::shared_inputs() const {
  return reinterpret_cast<unsigned char*>(shared_) + ((sizeof(Shared) + 63) & ~size_t{63});
}

// The worker's death closes its end of the socket, so objgen wakes at once for it (no polling
// interval per crash).
void TestRunner::start_worker() {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) throw std::runtime_error("cannot open a socket to the test worker");
  loaded_ = false;
  inbox_.clear();
  started_at_ = std::chrono::steady_clock::now();
  ChildOptions options;
  options.memory_limit_bytes = opt_.worker_command.empty() ? opt_.worker_memory_limit_bytes : 0;
  options.loads_code_under_test = opt_.worker_command.empty();  // the worker program loads its own
  if (options.loads_code_under_test) options.code_under_test_loader = api_.worker_setup();
  worker_.start(
      [this, fds] {
        close(fds[0]);
        notify_fd_ = fds[1];
        if (!opt_.worker_command.empty()) exec_worker(fds[1]);
        worker_main();
      },
      options);
  close(fds[1]);
  if (notify_fd_ >= 0) close(notify_fd_);
  notify_fd_ = fds[0];
}

// In the forked child: becomes the worker program, handing it the memory file and the pipe.
void TestRunner::exec_worker(int notify_fd) {
  for (int fd : {shared_fd_, notify_fd}) fcntl(fd, F_SETFD, 0);  // kept across exec
  std::vector<std::string> args = opt_.worker_command;
  args.insert(args.end(), {"--shared-fd", std::to_string(shared_fd_), "--notify-fd", std::to_string(notify_fd), "--bytes",
                           std::to_string(shared_bytes_)});
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  // The memory limit, as AddressSanitizer takes one (its shadow needs address space RLIMIT_AS
  // would refuse): larger allocations fail, a larger resident set ends the worker. A user's own
  // ASAN_OPTIONS come after, and win.
  std::vector<std::string> env;
  std::string asan;
  if (size_t mb = opt_.worker_memory_limit_bytes >> 20; mb > 0)
    asan = "max_allocation_size_mb=" + std::to_string(mb) + ":hard_rss_limit_mb=" + std::to_string(mb + 1024);
  for (char** e = environ; *e; ++e) {
    if (std::strncmp(*e, "ASAN_OPTIONS=", 13) == 0)
      asan += std::string(asan.empty() ? "" : ":") + (*e + 13);
    else
      env.push_back(*e);
  }
  if (!asan.empty()) env.push_back("ASAN_OPTIONS=" + asan);
  if (std::string scratch = worker_scratch_variable(); !scratch.empty()) env.push_back(scratch);
  std::vector<char*> envp;
  envp.reserve(env.size() + 1);
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  execve(argv[0], argv.data(), envp.data());
  abandon_child("cannot start the worker program " + args[0] + ": " + std::strerror(errno));
}

void TestRunner::restart_worker() { stop_worker(); }

void TestRunner::stop_worker() {
  if (notify_fd_ >= 0) {
    RunnerOrder quit{RunnerOrder::Quit, 0, 0, 0, 0, 0, 0};
    send_all(notify_fd_, &quit, sizeof quit);
    close(notify_fd_);
  }
  notify_fd_ = -1;
  if (worker_.running()) worker_.stop(0.1);
}

// The worker died (or was killed) during the batch: the test case running (objgen's own count) is
// unfeasible at the call it was executing. A worker that dies before it starts one (it inherited
// something broken) is replaced; after kDeathsBeforeBlame of those in a row the test case is
// blamed, so the batch always ends.
void TestRunner::record_death(Outcome kind, const std::string& what) {
  ++restarts_;
  uint32_t t = next_test_;
  if (t >= batch_count_) return;
  bool careful = careful_ && t == order_first_;
  bool claimed = loaded_ && (t > order_first_ || (careful ? careful_call_ != UINT32_MAX : shared_->progress.load() != progress_at_order_));
  if (!claimed && ++deaths_without_claim_ < kDeathsBeforeBlame) return;
  deaths_without_claim_ = 0;
  const auto* in = reinterpret_cast<const PackedTest*>(input(t));
  uint32_t calls = std::clamp<uint32_t>(in->calls, 1, kMaxTestCalls);
  std::memset(result(t), 0, result_bytes());
  auto* r = reinterpret_cast<PackedResult*>(result(t));
  r->written = 1;
  r->feasible = 0;
  uint32_t call = careful && careful_call_ != UINT32_MAX ? careful_call_ : shared_->call.load();
  r->failed_at = claimed ? std::min(call + 1, calls) : 1;
  r->outcome = static_cast<uint8_t>(kind);
  copy_text(r->message, kMessageBytes, what);
  ++next_test_;
}

// The worker's replies so far: results in order, each of the batch running and of its size.
bool TestRunner::read_replies() {
  receive_available(notify_fd_, inbox_);  // a closed end is seen by wait_batch
  RunnerReply r;
  while (inbox_.size() >= sizeof r) {
    std::memcpy(&r, inbox_.data(), sizeof r);
    if (r.kind == RunnerReply::Loaded) {
      loaded_ = true;
      inbox_.erase(0, sizeof r);
      continue;
    }
    if (r.kind == RunnerReply::Call && careful_ && r.test == next_test_ && r.test == order_first_ && r.bytes < kMaxTestCalls) {
      careful_call_ = r.bytes;
      inbox_.erase(0, sizeof r);
      continue;
    }
    if (r.kind != RunnerReply::Result || r.request != request_ || r.test != next_test_ || r.test >= batch_count_ ||
        r.bytes != result_bytes())
      return false;
    if (inbox_.size() < sizeof r + r.bytes) return true;
    std::memcpy(result(r.test), inbox_.data() + sizeof r, r.bytes);
    inbox_.erase(0, sizeof r + r.bytes);
    const auto* done = reinterpret_cast<const PackedResult*>(result(r.test));
    calls_since_order_ += done->feasible ? reinterpret_cast<const PackedTest*>(input(r.test))->calls : done->failed_at;
    ++next_test_;
    deaths_without_claim_ = 0;
    test_started_ = std::chrono::steady_clock::now();
  }
  return true;
}

// Ends the worker, records its death on the test case running, and orders the rest of the batch.
// When the words it published do not add up (a call wrote over them), the test case runs again
// first, saying each call: its death then names the right one.
void TestRunner::replace_worker(Outcome kind, const std::string& what) {
  worker_.kill();
  bool careful = careful_ && next_test_ == order_first_;
  if (!careful && loaded_ && next_test_ < batch_count_ && !death_words_agree()) {
    order_batch(next_test_, true);
    return;
  }
  bool forged = careful && !death_words_agree();
  record_death(kind, forged ? what + "; " + kForgedWords : what);
  if (next_test_ < batch_count_) order_batch(next_test_);
}

// At a death: the progress word counts the calls of the results since the order, then those of the
// test case running, the last of which is the call word's.
bool TestRunner::death_words_agree() const {
  uint32_t started = shared_->progress.load() - progress_at_order_ - static_cast<uint32_t>(calls_since_order_);
  uint32_t call = shared_->call.load();
  const auto* in = reinterpret_cast<const PackedTest*>(input(next_test_));
  return started == 0 || (call < in->calls && started == call + 1);
}

void TestRunner::order_batch(uint32_t first, bool careful) {
  if (!worker_.running() || worker_.ended()) start_worker();  // never started, or died
  std::memcpy(shared_inputs(), packed_.data(), batch_count_ * sizeof(PackedTest));
  write_literals();
  order_first_ = first;
  careful_ = careful;
  careful_call_ = UINT32_MAX;
  calls_since_order_ = 0;
  // The words start from objgen's values (a dead worker's last, or a call's, are gone): a count
  // neither zeros nor a pattern written over it would give.
  progress_at_order_ = 0x9e3779b9u ^ (request_ << 8) ^ first;
  shared_->call.store(0);
  shared_->progress.store(progress_at_order_);
  test_started_ = std::chrono::steady_clock::now();
  RunnerOrder o{RunnerOrder::Batch,
                request_,
                first,
                batch_count_,
                static_cast<uint32_t>(committed_.size()),
                static_cast<uint32_t>(batch_scratch_.size()),
                careful ? 1u : 0u};
  send_all(notify_fd_, &o, sizeof o);  // a worker already gone is seen by wait_batch
}

void TestRunner::wait_batch() {
  begin_wait();
  while (!wait_step(50)) {
  }
}

bool TestRunner::past_deadline() const {
  return run_deadline_passed() || (deadline_ != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() >= deadline_);
}

void TestRunner::begin_wait() {
  progress_looked_ = shared_->progress.load();
  progress_changed_at_ = std::chrono::steady_clock::now();
}

bool TestRunner::wait_step(int poll_ms) {
  using clock = std::chrono::steady_clock;
  if (next_test_ >= batch_count_) return true;
  if (past_deadline()) {  // the run's time is up: what runs is cut, the rest not run
    worker_.kill();
    stopped_from_ = next_test_;
    next_test_ = batch_count_;
    return true;
  }
  pollfd p{notify_fd_, POLLIN, 0};
  int ready = poll(&p, 1, poll_ms);
  if (!read_replies()) {
    inbox_.clear();
    replace_worker(Outcome::Crash, kForgedChannel);
    return next_test_ >= batch_count_;
  }
  if (next_test_ >= batch_count_) return true;
  bool hung_up = ready > 0 && (p.revents & (POLLHUP | POLLERR));  // died, or closed objgen's socket
  // A process the code under test forked may hold the socket open: a dead worker is also found
  // by asking at each poll timeout.
  if (hung_up || worker_.ended()) {
    if (worker_.running()) worker_.kill();  // its end closed: it is ending (killed, its status is kept)
    fruitless_starts_.note(loaded_, false, worker_.describe_death());
    replace_worker(Outcome::Crash, worker_.describe_death());
    progress_changed_at_ = clock::now();
    return next_test_ >= batch_count_;
  }
  worker_.trim_output();
  uint32_t now = shared_->progress.load();
  bool loading = !loaded_;
  double limit = loading ? std::max(worker_load_seconds(), opt_.call_timeout_seconds) : opt_.call_timeout_seconds;
  // objgen's own bound on a test case, whatever its worker's words say: each call its limit.
  const auto* in = reinterpret_cast<const PackedTest*>(input(next_test_));
  double test_limit = std::clamp<uint32_t>(in->calls, 1, kMaxTestCalls) * opt_.call_timeout_seconds + 2;
  if (now != progress_looked_ && std::chrono::duration<double>(clock::now() - test_started_).count() <= test_limit) {
    progress_looked_ = now;
    progress_changed_at_ = clock::now();
  } else if (std::chrono::duration<double>(clock::now() - (loading ? started_at_ : progress_changed_at_)).count() > limit ||
             std::chrono::duration<double>(clock::now() - test_started_).count() > test_limit + limit) {
    char buf[96];
    std::snprintf(buf, sizeof buf,
                  loading ? "loading the code under test did not end within %.1f s (killed)" : "no return within %.1f s (killed)", limit);
    fruitless_starts_.note(!loading, true, buf);
    replace_worker(Outcome::Timeout, buf);
    progress_changed_at_ = clock::now();
  }
  return next_test_ >= batch_count_;
}

std::vector<TestOutcome> TestRunner::run_batches(const std::vector<FlatSequence>& tests) {
  std::vector<TestOutcome> out;
  for (size_t first = 0; first < tests.size(); first += kBatchCapacity) {
    uint32_t n = static_cast<uint32_t>(std::min<size_t>(kBatchCapacity, tests.size() - first));
    std::vector<bool> runnable = start_batch(tests, first, n);
    if (stopped_from_ != 0) wait_batch();
    collect_batch(tests, first, runnable, out);
  }
  evaluations_ += tests.size();
  return out;
}

// Packs and orders tests[first, first + n) (unless the run's deadline has passed: none is run);
// which of them the packed form holds.
std::vector<bool> TestRunner::start_batch(const std::vector<FlatSequence>& tests, size_t first, uint32_t n) {
  std::vector<bool> runnable(n);
  for (uint32_t t = 0; t < n; ++t) runnable[t] = pack(t, tests[first + t]);
  batch_count_ = n;
  next_test_ = 0;
  deaths_without_claim_ = 0;
  if (++request_ == 0) request_ = 1;
  stopped_from_ = past_deadline() ? 0 : UINT32_MAX;
  if (stopped_from_ != 0) order_batch(0);
  return runnable;
}

void TestRunner::collect_batch(const std::vector<FlatSequence>& tests, size_t first, const std::vector<bool>& runnable,
                               std::vector<TestOutcome>& out) const {
  for (uint32_t t = 0; t < runnable.size(); ++t) {
    if (t >= stopped_from_) {
      TestOutcome o;
      o.length = static_cast<uint32_t>(tests[first + t].calls.size());
      o.failed_at = 1;
      o.stopped = true;
      o.message = kDeadlineStopped;
      out.push_back(std::move(o));
      continue;
    }
    out.push_back(read_result(t, tests[first + t]));
    if (!runnable[t]) out.back().message = "not run: longer than 64 calls, or a call with more than 8 parameters";
  }
}

std::vector<TestOutcome> TestRunner::run_each_apart(const Api& api, const LiteralDomain& terminals, const RunnerOptions& options,
                                                    const std::vector<FlatSequence>& tests, size_t at_once) {
  std::vector<TestOutcome> out;
  at_once = std::max<size_t>(1, at_once);
  for (size_t first = 0; first < tests.size(); first += at_once) {
    size_t n = std::min(at_once, tests.size() - first);
    std::vector<std::unique_ptr<TestRunner>> runners;
    std::vector<std::vector<bool>> runnable;
    for (size_t k = 0; k < n; ++k) {
      runners.push_back(std::make_unique<TestRunner>(api, terminals, options));
      runnable.push_back(runners.back()->start_batch(tests, first + k, 1));
      if (runners.back()->stopped_from_ != 0) runners.back()->begin_wait();
    }
    // Every worker's socket in one wait, then each runner's own step without waiting again.
    for (bool all_done = false; !all_done;) {
      std::vector<pollfd> fds;
      for (const auto& r : runners)
        if (r->next_test_ < r->batch_count_) fds.push_back({r->notify_fd_, POLLIN, 0});
      if (!fds.empty()) poll(fds.data(), fds.size(), 50);
      all_done = true;
      for (const auto& r : runners) all_done = r->wait_step(0) && all_done;
    }
    for (size_t k = 0; k < n; ++k) {
      runners[k]->collect_batch(tests, first + k, runnable[k], out);
      runners[k]->evaluations_ += 1;
    }
  }
  return out;
}

// A sequence the packed form cannot hold is sent as an empty test case (unfeasible, never run).
bool TestRunner::pack(uint32_t t, const FlatSequence& seq) {
  std::memset(input(t), 0, sizeof(PackedTest));
  auto* p = reinterpret_cast<PackedTest*>(input(t));
  if (seq.calls.size() > kMaxTestCalls) return false;
  for (const FlatCall& c : seq.calls)
    if (c.args.size() > kMaxCallParams) return false;
  p->calls = static_cast<uint32_t>(seq.calls.size());
  for (size_t i = 0; i < seq.calls.size(); ++i) {
    const FlatCall& c = seq.calls[i];
    p->call[i].op = static_cast<uint16_t>(c.op);
    p->call[i].nargs = static_cast<uint8_t>(c.args.size());
    for (size_t k = 0; k < c.args.size(); ++k) p->call[i].args[k] = static_cast<int16_t>(c.args[k]);
  }
  return true;
}

TestOutcome TestRunner::read_result(uint32_t t, const FlatSequence& seq) const {
  const auto* r = reinterpret_cast<const PackedResult*>(result(t));
  const auto* distances = reinterpret_cast<const double*>(result(t) + sizeof(PackedResult));
  const auto* operands = reinterpret_cast<const PackedOperands*>(distances + opt_.mut_outcome_count);
  const auto* hits = reinterpret_cast<const uint32_t*>(operands + opt_.mut_site_count);
  // The worker wrote it beside code that may corrupt its memory: nothing is trusted unchecked.
  TestOutcome o;
  o.length = static_cast<uint32_t>(seq.calls.size());
  o.feasible = r->written && r->feasible && o.length > 0;
  o.failed_at = o.feasible ? 0 : std::clamp<uint32_t>(r->failed_at, 1, std::max<uint32_t>(o.length, 1));
  o.outcome = r->outcome <= static_cast<uint8_t>(kLastOutcome) ? static_cast<Outcome>(r->outcome) : Outcome::Crash;
  o.has_result = r->has_result && r->result_kind <= static_cast<uint8_t>(LiteralKind::String);
  o.result.kind = o.has_result ? static_cast<LiteralKind>(r->result_kind) : LiteralKind::Int;
  o.result.i = r->result_i;
  o.result.d = r->result_d;
  o.result.s.assign(r->result_text, strnlen(r->result_text, kTextBytes));
  o.changed_mask = r->changed_mask;
  o.probed_mask = r->probed_mask;
  if (o.feasible && r->field_count <= kMaxProbedFields) {
    o.receiver_fields.assign(r->field_name, r->field_name + r->field_count);
    o.receiver_fields_changed = r->fields_changed;
  }
  o.message.assign(r->message, strnlen(r->message, kMessageBytes));
  o.has_state = o.feasible && r->has_state == 1;
  if (o.has_state) o.state = Fingerprint{r->state_lo, r->state_hi};
  if (o.feasible) {
    o.hits.assign(hits, hits + opt_.mut_nodes);
    o.distances.assign(distances, distances + opt_.mut_outcome_count);
    for (uint32_t k = 0; k < opt_.mut_site_count; ++k) o.operands.push_back({operands[k].a, operands[k].b, operands[k].seen != 0});
  }
  return o;
}

}  // namespace objgen
