// An abstract sensor (not tested as it is: objgen says so) and a thermometer, with no bug.
#pragma once

namespace shelf {

class Sensor {
 public:
  virtual ~Sensor() = default;
  virtual int read() const = 0;
};

class Thermometer : public Sensor {
 public:
  explicit Thermometer(int base) : degrees_(base % 50) {}
  void heat(int by) {
    if (by > 0 && degrees_ + by <= 100) degrees_ += by;
  }
  void cool(int by) {
    if (by > 0 && degrees_ - by >= -40) degrees_ -= by;
  }
  int read() const override { return degrees_; }

 private:
  int degrees_;
};

}  // namespace shelf
