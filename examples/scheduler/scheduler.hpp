// Deep-object subject (EvoObj): whether a task can be dispatched depends on the task's priority
// and on a worker with spare capacity and a badge, elements of containers in the scheduler.
// Written for objgen.
//
// Header-only: every member is defined in its class.
#pragma once

#include <cstddef>
#include <vector>

namespace examples {

class Task {
 public:
  Task() = default;
  Task(int id, int priority) : id_(id), priority_(priority) {}
  int id() const { return id_; }
  int priority() const { return priority_; }
  bool urgent() const { return priority_ >= kUrgent; }
  static constexpr int kUrgent = 7;
  // The task waits for another one to be done first (0: none).
  void after(int other) {
    if (other != id_) prerequisite_ = other;
  }
  int prerequisite() const { return prerequisite_; }
  bool done() const { return done_; }
  void finish() { done_ = true; }

 private:
  int id_ = 0;
  int priority_ = 0;
  int prerequisite_ = 0;
  bool done_ = false;
};

class Badge {
 public:
  Badge() = default;
  // One level per training, up to kTopLevel; certified from kCertified.
  void train() {
    if (level_ < kTopLevel) ++level_;
  }
  void revoke() { level_ = 0; }
  int level() const { return level_; }
  bool certified() const { return level_ >= kCertified; }
  static constexpr int kCertified = 3;
  static constexpr int kTopLevel = 5;

 private:
  int level_ = 0;
};

class Worker {
 public:
  Worker() = default;
  Worker(int id, int capacity) : id_(id), capacity_(capacity) {}
  int id() const { return id_; }
  int capacity() const { return capacity_; }
  int load() const { return load_; }
  void take() {
    if (load_ < capacity_) ++load_;
  }
  void release() {
    if (load_ > 0) --load_;
  }
  void setBadge(const Badge& b) { badge_ = b; }
  const Badge& badge() const { return badge_; }

 private:
  int id_ = 0;
  int capacity_ = 0;
  int load_ = 0;
  Badge badge_;
};

class Scheduler {
 public:
  Scheduler() = default;
  void addTask(const Task& t) {
    if (tasks_.size() < 8 && task(t.id()) == nullptr) tasks_.push_back(t);
  }
  void addWorker(const Worker& w) {
    if (workers_.size() < 4) workers_.push_back(w);
  }
  const Task* task(int id) const {
    for (const Task& t : tasks_)
      if (t.id() == id) return &t;
    return nullptr;
  }
  // Marks the task done; false when there is no such task.
  bool complete(int id) {
    for (Task& t : tasks_)
      if (t.id() == id) {
        t.finish();
        return true;
      }
    return false;
  }
  int workerCount() const { return static_cast<int>(workers_.size()); }
  void clearTasks() { tasks_.clear(); }
  void removeWorker() {
    if (!workers_.empty()) workers_.pop_back();
  }
  const Worker& worker(int i) const { return workers_.at(static_cast<std::size_t>(i)); }

 private:
  std::vector<Task> tasks_;
  std::vector<Worker> workers_;
};

class Dispatcher {
 public:
  Dispatcher() = default;

  // The index of a worker that can take the task (urgent tasks need a certified worker with three
  // free slots), -1 when none can, -2 while its prerequisite is not done.
  int pick(const Scheduler& s, int task_id) const {
    const Task* t = s.task(task_id);
    if (t == nullptr || t->done()) return -1;
    if (t->prerequisite() != 0) {
      const Task* first = s.task(t->prerequisite());
      if (first == nullptr || !first->done()) return -2;
    }
    bool urgent = t->urgent();
    int need = urgent ? 3 : 1;
    for (int i = 0; i < s.workerCount(); ++i) {
      const Worker& w = s.worker(i);
      if (w.capacity() - w.load() >= need && (!urgent || w.badge().certified())) return i;
    }
    return -1;
  }
};

}  // namespace examples
