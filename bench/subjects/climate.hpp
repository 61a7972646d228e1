// Constant-guarded deep subject (issue 36), an enumeration and a double: Controller::decide needs a
// building whose zone 2 is in one mode of twelve and whose sensor reads above a threshold with a
// fraction, reached through reference accessors. Written for objgen.
#pragma once

namespace subjects {

enum class Mode { Off, Idle, Heat, Cool, Dry, Fan, Auto, Eco, Boost, Night, Away, Purge };

class Sensor {
 public:
  void setReading(double celsius) { reading_ = celsius; }
  void calibrate(int offset) { offset_ = offset; }
  double reading() const { return reading_ + offset_; }

 private:
  double reading_ = 20.0;
  int offset_ = 0;
};

class Zone {
 public:
  Sensor& sensor() { return sensor_; }
  const Sensor& sensor() const { return sensor_; }
  void setMode(Mode mode) { mode_ = mode; }
  Mode mode() const { return mode_; }

 private:
  Sensor sensor_;
  Mode mode_ = Mode::Off;
};

class Building {
 public:
  Zone& zone(int i) { return zones_[static_cast<unsigned>(i) % 4]; }
  const Zone& zone(int i) const { return zones_[static_cast<unsigned>(i) % 4]; }

 private:
  Zone zones_[4];
};

class Controller {
 public:
  // 0: zone 2 not purging; 1: purging, cool enough; 2: purging while hot, sensor off by a degree
  // or more; 3: purging while hot, calibrated.
  int decide(const Building& building) const {
    const Zone& zone = building.zone(2);
    if (zone.mode() != Mode::Purge) return 0;
    double t = zone.sensor().reading();
    if (t <= 63.25) return 1;
    if (t > 9000.5) return 2;
    return 3;
  }
};

}  // namespace subjects
