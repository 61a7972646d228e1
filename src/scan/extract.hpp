// `scan` proper: parse a header with Clang and extract one class's API into the plain model.
#pragma once

#include <string>
#include <vector>

#include "scan/model.hpp"
#include "scan/parse.hpp"

namespace objgen::scan {

struct ScanRequest {
  std::string header;              // a path, or "<boost/circular_buffer.hpp>" for an include path
  std::string class_name;          // "examples::NodeCachingList", "boost::circular_buffer<int>"
  std::vector<std::string> flags;  // the user's compile flags (-I, -D, -std=...)
  std::string resource_dir;        // "" to find it
  // More classes to register beside the target (--class given again), and how far to follow the
  // classes the target's public members take or return (0: none; the classes of the user's own
  // headers only, library classes need --class).
  std::vector<std::string> extra_classes;
  int class_depth = 3;
  // --template-args: a member template's name and the explicit template argument lists to try it
  // with, each as written ("int", "std::string, double").
  std::vector<std::pair<std::string, std::vector<std::string>>> template_args;
};

// At most this many classes come in beside the target by reach.
constexpr size_t kMaxReachedClasses = 12;
constexpr size_t kMaxSubclasses = 8;  // per registered class: subclasses that stand for it

enum class ScanStatus {
  Ok,
  ParseError,    // the header does not compile: diagnostics say why
  UnknownClass,  // the class was not found: suggestions has the closest names
  ToolError,     // bad arguments, missing header or resource dir: message says why
};

struct ScanOutcome {
  ScanStatus status = ScanStatus::Ok;
  ScanResult result;
  std::vector<Diagnostic> diagnostics;   // errors and their notes (warnings when verbose)
  std::vector<std::string> suggestions;  // closest class names for UnknownClass
  std::string message;
  std::string synthesized_source;  // what was parsed (it includes the header)
  std::vector<std::string> arguments;
  double parse_seconds = 0;
  double extract_seconds = 0;
};

ScanOutcome scan_header(const ScanRequest& request, bool keep_warnings = false);

// The source scan parses: the header and an alias naming the target (any spelling of a type: a
// class, a template-id, an alias template's or a typedef's name). Extra classes get aliases of
// their own, numbered from 1 in the order given; each --template-args list an alias of
// `objgen_template_arguments<...>`, numbered from 0 in the order given.
std::string synthesize_source(const std::string& include_line, const std::string& class_name,
                              const std::vector<std::string>& extra_classes = {},
                              const std::vector<std::string>& template_argument_lists = {});

}  // namespace objgen::scan
