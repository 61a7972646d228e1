// Computed-value deep subject (issue 36, local search): Billing::classify needs a meter whose
// counter, scaled (pulses * factor + 3), reads a six-digit volume, and whose clock stands at a
// second of the day given as one number (hours * 3600 + minutes * 60 + seconds). The constants
// the code compares with are not the values the setters need (17637 pulses at factor 7, or 41153
// at factor 3; 14:32:11), and the parts are reached only through accessors that return
// references (meter.counter().setPulses(...), meter.clock().set(...)). Written for objgen.
#pragma once

#include <stdexcept>

namespace subjects {

class Counter {
 public:
  void setPulses(int pulses) { pulses_ = pulses; }
  void setFactor(int factor) {
    if (factor < 2 || factor > 9) throw std::invalid_argument("factor: 2 to 9");
    factor_ = factor;
  }
  long volume() const { return static_cast<long>(pulses_) * factor_ + 3; }

 private:
  int pulses_ = 0;
  int factor_ = 7;
};

class Clock {
 public:
  void set(int hours, int minutes, int seconds) {
    if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59)
      throw std::invalid_argument("not a time of day");
    hours_ = hours;
    minutes_ = minutes;
    seconds_ = seconds;
  }
  int secondsOfDay() const { return hours_ * 3600 + minutes_ * 60 + seconds_; }

 private:
  int hours_ = 0, minutes_ = 0, seconds_ = 0;
};

class Meter {
 public:
  Counter& counter() { return counter_; }
  const Counter& counter() const { return counter_; }
  Clock& clock() { return clock_; }
  const Clock& clock() const { return clock_; }

 private:
  Counter counter_;
  Clock clock_;
};

class Billing {
 public:
  // 0: not the audited volume; 1: read at another time; 2: the audit reading.
  int classify(const Meter& meter) const {
    if (meter.counter().volume() != 123462) return 0;
    if (meter.clock().secondsOfDay() != 52331) return 1;
    return 2;
  }
};

}  // namespace subjects
