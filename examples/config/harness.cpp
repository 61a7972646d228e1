// objgen harness for examples::ConfigValidator and the classes its API reaches: written by `objgen scan`, reviewed.
// Compile with -fno-access-control: it names private fields and nested types.
// Review the heuristics below: builders, invariant, omitted fields.
#include "config.hpp"
#include "objgen/objgen.hpp"

// Constants: kNetwork = 3, kTimeout = 7, kRetries = 8
OBJGEN_FIELDS(examples::ConfigValidator, max_timeout_)

// examples::Config, registered too (examples::ConfigValidator::validate takes it):
OBJGEN_FIELDS(examples::Entry, key_, value_)  // config.hpp:12
OBJGEN_FIELDS(examples::Section, id_, entries_)  // config.hpp:25
OBJGEN_FIELDS(examples::Config, sections_)

// examples::Section, registered too (examples::Config::add takes it): described above
// examples::Entry, registered too (examples::Section::put takes it): described above
namespace examples {

void register_config(objgen::Api& api) {
  api.add_class<examples::Config>()
      .constructor<>()  // config.hpp:56
      .method("add", &examples::Config::add)  // config.hpp:57
      .method("section", &examples::Config::section)  // config.hpp:60
      .method("sectionCount", &examples::Config::sectionCount)  // config.hpp:65
      .method("clear", &examples::Config::clear)  // config.hpp:66
      .builders({"Config", "add", "clear"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Config& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Section>()
      .constructor<>()  // config.hpp:27
      .constructor<int>()  // config.hpp:28
      .method("id", &examples::Section::id)  // config.hpp:29
      .method("put", &examples::Section::put)  // config.hpp:31
      .method("entry", &examples::Section::entry)  // config.hpp:34
      .method("size", &examples::Section::size)  // config.hpp:39
      .method("remove", &examples::Section::remove)  // config.hpp:40
      .method("clear", &examples::Section::clear)  // config.hpp:47
      .builders({"Section", "put", "remove", "clear"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Section& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Entry>()
      .constructor<>()  // config.hpp:14
      .constructor<int, int>()  // config.hpp:15
      .method("key", &examples::Entry::key)  // config.hpp:16
      .method("value", &examples::Entry::value)  // config.hpp:17
      .method("setValue", &examples::Entry::setValue)  // config.hpp:18
      .builders({"Entry", "setValue"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Entry& x) { return ...; }) if the class has one to check.
  api.add_class<ConfigValidator>()
      .constructor<>()  // config.hpp:74
      .constructor<int>()  // config.hpp:75
      .method("validate", &ConfigValidator::validate)  // config.hpp:79
      .builders({"ConfigValidator"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const ConfigValidator& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
