// objgen harness for examples::Scholarship and the classes its API reaches: written by `objgen scan`, reviewed.
// Compile with -fno-access-control: it names private fields and nested types.
// Review the heuristics below: builders, invariant, omitted fields.
#include "thesis.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::Scholarship, min_credits_)

// examples::Student, registered too (examples::Scholarship::isWorthy takes it):
OBJGEN_FIELDS(examples::CV, awards_, publications_)  // thesis.hpp:12
OBJGEN_FIELDS(examples::Supervisor, id_, cv_)  // thesis.hpp:35
OBJGEN_FIELDS(examples::Student, supervisor_, has_supervisor_, credits_, year_)

// examples::Supervisor, registered too (examples::Student::setSupervisor takes it): described above
// examples::CV, registered too (examples::Supervisor::setCv takes it): described above
namespace examples {

void register_thesis(objgen::Api& api) {
  api.add_class<examples::Student>()
      .constructor<>()  // thesis.hpp:53
      .method("setSupervisor", &examples::Student::setSupervisor)  // thesis.hpp:54
      .method("hasSupervisor", &examples::Student::hasSupervisor)  // thesis.hpp:58
      .method("supervisor", &examples::Student::supervisor)  // thesis.hpp:59
      .method("addCredits", &examples::Student::addCredits)  // thesis.hpp:60
      .method("credits", &examples::Student::credits)  // thesis.hpp:63
      .method("dropSupervisor", &examples::Student::dropSupervisor)  // thesis.hpp:64
      .method("resetCredits", &examples::Student::resetCredits)  // thesis.hpp:68
      .method("setYear", &examples::Student::setYear)  // thesis.hpp:69
      .method("year", &examples::Student::year)  // thesis.hpp:72
      .builders({"Student", "setSupervisor", "addCredits", "dropSupervisor", "resetCredits", "setYear"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Student& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Supervisor>()
      .constructor<>()  // thesis.hpp:37
      .constructor<int>()  // thesis.hpp:38
      .method("setCv", &examples::Supervisor::setCv)  // thesis.hpp:39
      .method("cv", &examples::Supervisor::cv)  // thesis.hpp:40
      .method("id", &examples::Supervisor::id)  // thesis.hpp:41
      .method("setId", &examples::Supervisor::setId)  // thesis.hpp:42
      .method("resetCv", &examples::Supervisor::resetCv)  // thesis.hpp:43
      .method("senior", &examples::Supervisor::senior)  // thesis.hpp:44
      .builders({"Supervisor", "setCv", "setId", "resetCv"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Supervisor& x) { return ...; }) if the class has one to check.
  api.add_class<examples::CV>()
      .constructor<>()  // thesis.hpp:14
      .method("addAward", &examples::CV::addAward)  // thesis.hpp:15
      .method("addPublication", &examples::CV::addPublication)  // thesis.hpp:18
      .method("removeAward", &examples::CV::removeAward)  // thesis.hpp:19
      .method("clear", &examples::CV::clear)  // thesis.hpp:22
      .method("latestAward", &examples::CV::latestAward)  // thesis.hpp:26
      .method("awardCount", &examples::CV::awardCount)  // thesis.hpp:27
      .method("publications", &examples::CV::publications)  // thesis.hpp:28
      .builders({"CV", "addAward", "addPublication", "removeAward", "clear"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::CV& x) { return ...; }) if the class has one to check.
  api.add_class<Scholarship>()
      .constructor<>()  // thesis.hpp:83
      .constructor<int>()  // thesis.hpp:84
      .method("minCredits", &Scholarship::minCredits)  // thesis.hpp:85
      .method("isWorthy", &Scholarship::isWorthy)  // thesis.hpp:89
      .builders({"Scholarship"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const Scholarship& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
