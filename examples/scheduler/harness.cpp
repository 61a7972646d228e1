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
// Constants: kUrgent = 7
OBJGEN_FIELDS(examples::Task, id_, priority_, prerequisite_, done_)  // scheduler.hpp:13
OBJGEN_FIELDS(examples::Worker, id_, capacity_, load_)  // scheduler.hpp:36
OBJGEN_FIELDS(examples::Scheduler, tasks_, workers_)

// examples::Task, registered too (examples::Scheduler::addTask takes it):
// Constants: kUrgent = 7

// examples::Worker, registered too (examples::Scheduler::addWorker takes it): described above
namespace examples {

void register_scheduler(objgen::Api& api) {
  api.add_class<examples::Scheduler>()
      .constructor<>()  // scheduler.hpp:58
      .method("addTask", &examples::Scheduler::addTask)  // scheduler.hpp:59
      .method("addWorker", &examples::Scheduler::addWorker)  // scheduler.hpp:62
      .method("task", &examples::Scheduler::task)  // scheduler.hpp:65
      .method("complete", &examples::Scheduler::complete)  // scheduler.hpp:71
      .method("workerCount", &examples::Scheduler::workerCount)  // scheduler.hpp:79
      .method("clearTasks", &examples::Scheduler::clearTasks)  // scheduler.hpp:80
      .method("removeWorker", &examples::Scheduler::removeWorker)  // scheduler.hpp:81
      .method("worker", &examples::Scheduler::worker)  // scheduler.hpp:84
      .builders({"Scheduler", "addTask", "addWorker", "complete", "clearTasks", "removeWorker"});  // heuristic: constructors and mutators; keep the fewest that reach every state
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
      .builders({"Task", "after", "finish"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Task& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Worker>()
      .constructor<>()  // scheduler.hpp:38
      .constructor<int, int>()  // scheduler.hpp:39
      .method("id", &examples::Worker::id)  // scheduler.hpp:40
      .method("capacity", &examples::Worker::capacity)  // scheduler.hpp:41
      .method("load", &examples::Worker::load)  // scheduler.hpp:42
      .method("take", &examples::Worker::take)  // scheduler.hpp:43
      .method("release", &examples::Worker::release)  // scheduler.hpp:46
      .builders({"Worker", "take", "release"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Worker& x) { return ...; }) if the class has one to check.
  api.add_class<Dispatcher>()
      .constructor<>()  // scheduler.hpp:93
      .method("pick", &Dispatcher::pick)  // scheduler.hpp:97
      .builders({"Dispatcher"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const Dispatcher& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
