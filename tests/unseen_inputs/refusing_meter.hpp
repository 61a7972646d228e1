// A meter that refuses calls while it is off: bump(), read() and scale() throw MeterError, its
// own exception type, until on() is called (checked preconditions, not bugs). label(s) throws it
// too unless s starts with '#', which no string objgen tries does: a refusal only the type
// shows. share(d) divides its level by d unchecked: given 0 it raises SIGFPE, which its caller
// must not ask for.
#pragma once

#include <exception>
#include <string>

namespace shapes {

struct MeterError : std::exception {
  const char* what() const noexcept override { return "the meter is off"; }
};

class Meter {
 public:
  void on() { on_ = true; }
  void bump(int v) {
    if (!on_) throw MeterError();
    level_ += v;
  }
  int read() const {
    if (!on_) throw MeterError();
    return level_;
  }
  void scale(int k) {
    if (!on_) throw MeterError();
    level_ *= k;
  }
  void label(const std::string& s) {
    if (s.empty() || s[0] != '#') throw MeterError();
    label_ = s;
  }
  void share(int d) { level_ = level_ / d + (d < 0 ? 1 : 0); }
  bool operator==(const Meter&) const = default;

 private:
  bool on_ = false;
  int level_ = 0;
  std::string label_;
};

}  // namespace shapes
