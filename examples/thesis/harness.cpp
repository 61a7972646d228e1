// objgen harness for Scholarship and the classes its isWorthy reaches (EvoObj's first example).
#include "thesis.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::CV, awards_, publications_)
OBJGEN_FIELDS(examples::Supervisor, id_, cv_)
OBJGEN_FIELDS(examples::Student, supervisor_, has_supervisor_, credits_)
OBJGEN_FIELDS(examples::Scholarship, min_credits_)

namespace examples {

void register_thesis(objgen::Api& api) {
  api.add_class<CV>()
      .constructor<>()
      .method("addAward", &CV::addAward)
      .method("addPublication", &CV::addPublication)
      .method("awardCount", &CV::awardCount)
      .method("publications", &CV::publications);
  api.add_class<Supervisor>()
      .constructor<>()
      .constructor<int>()
      .method("setCv", &Supervisor::setCv)
      .method("cv", &Supervisor::cv)
      .method("id", &Supervisor::id);
  api.add_class<Student>()
      .constructor<>()
      .method("setSupervisor", &Student::setSupervisor)
      .method("hasSupervisor", &Student::hasSupervisor)
      .method("supervisor", &Student::supervisor)
      .method("addCredits", &Student::addCredits)
      .method("credits", &Student::credits);
  api.add_class<Scholarship>()
      .constructor<>()
      .constructor<int>()
      .method("minCredits", &Scholarship::minCredits)
      .method("isWorthy", &Scholarship::isWorthy)
      .builders({"Scholarship"});
}

}  // namespace examples
