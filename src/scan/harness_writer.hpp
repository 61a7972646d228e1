// Writes an objgen harness (field descriptions + one register function) from a scan result, in
// the style of the bundled examples/*/harness.cpp.
#pragma once

#include <set>
#include <string>

#include "scan/model.hpp"

namespace objgen::scan {

enum class StateMode {
  Auto,    // Value when the class is iterable (a container: its elements are its state), else Fields
  Fields,  // OBJGEN_FIELDS for the class and every class reachable from its fields
  Value,   // OBJGEN_VALUE_TYPE: the state is what iteration shows
};

struct HarnessOptions {
  std::string register_suffix;  // register_<suffix>; "" derives it from the class name
  std::string namespace_name;   // namespace of the register function; "" decides, "::" global
  StateMode state = StateMode::Auto;
  // Also define the entry point of a loadable harness (objgen/harness_entry.hpp), so the file
  // can be built as a shared object for `--harness`.
  bool loadable = false;
  // Register the member templates scan instantiated. Scan instantiated each one's body, but the
  // harness calls it its own way (a lambda, its arguments' value categories), so one may still
  // fail to compile: the build then leaves out the instances the errors point to
  // (failed_instances, by instance_key: scan/harness_instances.hpp), or at worst all of them (template_instances false).
  bool template_instances = true;
  std::set<std::string> failed_instances;
  // A call the target's objects need before anything can read them (a hash table's
  // set_empty_key(-1): exec/initialising_call), as C++ on an object. Each constructor of the target
  // is registered as a factory that constructs the object and makes this call on it.
  std::string initialising_call;
  // Its member, left out of the registration: it may not be called on an initialised object.
  std::string initialising_member_left_out;
  // Fields the target's objects cannot be read with (an omit pattern: exec/initialising_call's
  // fields to leave out), added to the target's default omit_fields.
  std::string unreadable_fields;
};

std::string write_harness(const ScanResult& r, const HarnessOptions& options);
// The fields the harness describes, as objgen's reader names them: "Class.field" (Fields<T>::name),
// a base's fields under each class that visits them; the target's types in ScanResult::types' order
// (the classes a class reaches before it), then its companions'. One per line in a harness's
// directory (described_fields.txt): a reading that crashes is tried without some of them.
std::vector<std::string> described_field_names(const ScanResult& r);
// Why the harness cannot describe the class's state as asked ("" when it can): --state value
// reads the class through its own iteration, which it may not have.
std::string state_mode_refusal(const ScanResult& r, const HarnessOptions& options);

// The register function's name the harness declares, e.g. "register_node_caching_list".
std::string register_function_name(const ScanResult& r, const HarnessOptions& options);
// The namespace it is declared in ("" for the global namespace).
std::string register_namespace(const ScanResult& r, const HarnessOptions& options);
// The name the harness registers the target class under.
std::string registered_target_name(const ScanResult& r);
// A short name for the subject, e.g. "node_caching_list" or "circular_buffer_int".
std::string subject_name(const ScanResult& r, const HarnessOptions& options);

}  // namespace objgen::scan
