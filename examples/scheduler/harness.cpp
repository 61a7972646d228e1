// objgen harness for examples::Dispatcher and the classes its API reaches: written by `objgen scan`, reviewed.
// Compile with -fno-access-control: it names private fields and nested types.
// Review the heuristics below: builders, invariant, omitted fields.
#include "scheduler.hpp"
#include "objgen/objgen.hpp"

template <>
struct objgen::Fields<examples::Dispatcher> {
  static constexpr const char* name = "examples::Dispatcher";
  template <class V>
  static void visit([[maybe_unused]] V& v, [[maybe_unused]] const examples::Dispatcher& obj) {
  }
};

// examples::Scheduler, registered too (examples::Dispatcher::pick takes it):
// Constants: kUrgent = 7, kCertified = 3, kTopLevel = 5
OBJGEN_FIELDS(examples::Task, id_, priority_, prerequisite_, done_)  // scheduler.hpp:13
OBJGEN_FIELDS(examples::Badge, level_)  // scheduler.hpp:36
OBJGEN_FIELDS(examples::Worker, id_, capacity_, load_, badge_)  // scheduler.hpp:53
OBJGEN_FIELDS(examples::Scheduler, tasks_, workers_)

// examples::Task, registered too (examples::Scheduler::addTask takes it):
// Constants: kUrgent = 7

// examples::Worker, registered too (examples::Scheduler::addWorker takes it):
// Constants: kCertified = 3, kTopLevel = 5

// examples::Badge, registered too (examples::Worker::setBadge takes it):
// Constants: kCertified = 3, kTopLevel = 5

namespace examples {

void register_scheduler(objgen::Api& api) {
  api.add_class<examples::Scheduler>()
      .constructor<>()  // scheduler.hpp:78
      .method("addTask", &examples::Scheduler::addTask)  // scheduler.hpp:79
      .method("addWorker", &examples::Scheduler::addWorker)  // scheduler.hpp:82
      .method("task", &examples::Scheduler::task)  // scheduler.hpp:85
      .method("complete", &examples::Scheduler::complete)  // scheduler.hpp:91
      .method("workerCount", &examples::Scheduler::workerCount)  // scheduler.hpp:99
      .method("clearTasks", &examples::Scheduler::clearTasks)  // scheduler.hpp:100
      .method("removeWorker", &examples::Scheduler::removeWorker)  // scheduler.hpp:101
      .method("worker", &examples::Scheduler::worker)  // scheduler.hpp:104
      .builders({"Scheduler", "addTask", "addWorker", "complete", "clearTasks", "removeWorker"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kUrgent", 7LL}, {"kCertified", 3LL}, {"kTopLevel", 5LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Scheduler& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Task>()
      .constructor<>()  // scheduler.hpp:15
      .constructor<int, int>()  // scheduler.hpp:16
      .method("id", &examples::Task::id)  // scheduler.hpp:17
      .method("priority", &examples::Task::priority)  // scheduler.hpp:18
      .method("urgent", &examples::Task::urgent)  // scheduler.hpp:19
      .method("after", &examples::Task::after)  // scheduler.hpp:22
      .method("prerequisite", &examples::Task::prerequisite)  // scheduler.hpp:25
      .method("done", &examples::Task::done)  // scheduler.hpp:26
      .method("finish", &examples::Task::finish)  // scheduler.hpp:27
      .builders({"Task", "after", "finish"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kUrgent", 7LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Task& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Worker>()
      .constructor<>()  // scheduler.hpp:55
      .constructor<int, int>()  // scheduler.hpp:56
      .method("id", &examples::Worker::id)  // scheduler.hpp:57
      .method("capacity", &examples::Worker::capacity)  // scheduler.hpp:58
      .method("load", &examples::Worker::load)  // scheduler.hpp:59
      .method("take", &examples::Worker::take)  // scheduler.hpp:60
      .method("release", &examples::Worker::release)  // scheduler.hpp:63
      .method("setBadge", &examples::Worker::setBadge)  // scheduler.hpp:66
      .method("badge", &examples::Worker::badge)  // scheduler.hpp:67
      .builders({"Worker", "take", "release", "setBadge"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kCertified", 3LL}, {"kTopLevel", 5LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Worker& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Badge>()
      .constructor<>()  // scheduler.hpp:38
      .method("train", &examples::Badge::train)  // scheduler.hpp:40
      .method("revoke", &examples::Badge::revoke)  // scheduler.hpp:43
      .method("level", &examples::Badge::level)  // scheduler.hpp:44
      .method("certified", &examples::Badge::certified)  // scheduler.hpp:45
      .builders({"Badge", "train", "revoke"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kCertified", 3LL}, {"kTopLevel", 5LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Badge& x) { return ...; }) if the class has one to check.
  api.add_class<Dispatcher>()
      .constructor<>()  // scheduler.hpp:113
      .method("pick", &Dispatcher::pick)  // scheduler.hpp:117
      .builders({"Dispatcher"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const Dispatcher& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
