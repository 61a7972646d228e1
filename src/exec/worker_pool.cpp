#include "exec/worker_pool.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>

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
  if (shared_) munmap(base_, bytes_);
  else ::operator delete(base_);
}

void JobRegion::reset() {
  header_->current.store(0);
  header_->explored.store(0);
  header_->records.store(0);
  header_->text_used.store(0);
}

void JobRegion::append(const CandidateRecord& r, const std::string& message) {
  uint32_t n = header_->records.load(std::memory_order_relaxed);
  if (n >= record_capacity_) return;  // cannot happen: at most one record per candidate
  CandidateRecord& dst = records_[n];
  dst = r;
  uint32_t used = header_->text_used.load(std::memory_order_relaxed);
  size_t len = std::min(message.size(), text_capacity_ - used);
  std::memcpy(text_ + used, message.data(), len);
  dst.text_offset = used;
  dst.text_length = static_cast<uint32_t>(len);
  header_->text_used.store(static_cast<uint32_t>(used + len), std::memory_order_relaxed);
  header_->records.store(n + 1, std::memory_order_release);
}

std::string JobRegion::text(const CandidateRecord& r) const {
  return std::string(text_ + r.text_offset, r.text_length);
}

struct WorkerPool::Running {
  uint64_t job;
  JobRegion* region;
  pid_t pid = -1;
  std::thread thread;
  std::atomic<bool> finished{false};
  uint64_t last_seen;
  std::chrono::steady_clock::time_point last_change;
};

WorkerPool::WorkerPool(int workers, bool isolate, double call_timeout_seconds, size_t record_capacity)
    : workers_(std::max(1, workers)), isolate_(isolate), call_timeout_(call_timeout_seconds),
      record_capacity_(record_capacity) {}

WorkerPool::~WorkerPool() { stop_all(); }

bool WorkerPool::has_free_worker() const { return static_cast<int>(running_.size()) < workers_; }

JobRegion* WorkerPool::acquire_region(uint64_t job) {
  for (size_t i = 0; i < regions_.size(); ++i)
    if (region_job_[i] == static_cast<int64_t>(job)) return regions_[i].get();
  for (size_t i = 0; i < regions_.size(); ++i)
    if (region_job_[i] < 0) {
      region_job_[i] = static_cast<int64_t>(job);
      regions_[i]->reset();
      return regions_[i].get();
    }
  regions_.push_back(std::make_unique<JobRegion>(record_capacity_, 1 << 18, isolate_));
  region_job_.push_back(static_cast<int64_t>(job));
  return regions_.back().get();
}

JobRegion& WorkerPool::region(uint64_t job) { return *acquire_region(job); }

void WorkerPool::release(uint64_t job) {
  for (size_t i = 0; i < regions_.size(); ++i)
    if (region_job_[i] == static_cast<int64_t>(job)) region_job_[i] = -1;
}

void WorkerPool::start(uint64_t job, uint64_t first, const Body& body) {
  auto r = std::make_unique<Running>();
  r->job = job;
  r->region = acquire_region(job);
  r->last_seen = first;
  r->region->header().current.store(first);
  r->last_change = std::chrono::steady_clock::now();
  if (isolate_) {
    std::fflush(nullptr);
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("objgen: fork failed");
    if (pid == 0) {
      signal(SIGINT, SIG_IGN);  // Ctrl-C is the parent's to handle
      signal(SIGTERM, SIG_DFL);
      body(*r->region, first);
      _exit(0);  // no static destructors, no atexit handlers of the code under test
    }
    r->pid = pid;
  } else {
    Running* raw = r.get();
    r->thread = std::thread([raw, body, first] {
      body(*raw->region, first);
      raw->finished.store(true, std::memory_order_release);
    });
  }
  running_.push_back(std::move(r));
}

std::vector<WorkerPool::Event> WorkerPool::wait(double max_seconds) {
  return isolate_ ? wait_processes(max_seconds) : wait_threads(max_seconds);
}

std::vector<WorkerPool::Event> WorkerPool::wait_threads(double max_seconds) {
  std::vector<Event> events;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(max_seconds);
  for (;;) {
    for (auto it = running_.begin(); it != running_.end();) {
      if ((*it)->finished.load(std::memory_order_acquire)) {
        (*it)->thread.join();
        events.push_back({Event::Done, (*it)->job, 0, {}});
        it = running_.erase(it);
      } else {
        ++it;
      }
    }
    if (!events.empty() || running_.empty() || std::chrono::steady_clock::now() >= deadline) return events;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

std::vector<WorkerPool::Event> WorkerPool::wait_processes(double max_seconds) {
  std::vector<Event> events;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(max_seconds);
  for (;;) {
    auto now = std::chrono::steady_clock::now();
    for (auto it = running_.begin(); it != running_.end();) {
      Running& r = **it;
      int status = 0;
      pid_t got = waitpid(r.pid, &status, WNOHANG);
      uint64_t at = r.region->header().current.load(std::memory_order_acquire);
      if (got == r.pid) {
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
          events.push_back({Event::Done, r.job, at, {}});
        else if (WIFSIGNALED(status))
          events.push_back({Event::Crashed, r.job, at, signal_description(WTERMSIG(status))});
        else
          events.push_back({Event::Crashed, r.job, at, "process exited with status " + std::to_string(WEXITSTATUS(status))});
        it = running_.erase(it);
        continue;
      }
      if (at != r.last_seen) {
        r.last_seen = at;
        r.last_change = now;
      } else if (std::chrono::duration<double>(now - r.last_change).count() > call_timeout_) {
        kill(r.pid, SIGKILL);
        waitpid(r.pid, &status, 0);
        events.push_back({Event::TimedOut, r.job, at,
                          "no return within " + std::to_string(call_timeout_) + " s"});
        it = running_.erase(it);
        continue;
      }
      ++it;
    }
    if (!events.empty() || running_.empty() || now >= deadline) return events;
    std::this_thread::sleep_for(std::chrono::microseconds(300));
  }
}

void WorkerPool::stop_all() {
  for (auto& r : running_) {
    if (isolate_) {
      kill(r->pid, SIGKILL);
      int status;
      waitpid(r->pid, &status, 0);
    } else if (r->thread.joinable()) {
      r->thread.join();  // threads cannot be killed; they finish their job
    }
  }
  running_.clear();
}

}  // namespace objgen
