// Classes objgen cannot build: it must say so (exit 2), not report zero structures.
#pragma once

namespace unusable {

class Shape {
 public:
  virtual ~Shape() = default;
  virtual int area() const = 0;
  void scale(int k) { factor_ *= k; }

 private:
  int factor_ = 1;
};

class Hidden {
 public:
  int get() const { return value_; }
  void set(int v) { value_ = v; }

 private:
  Hidden() = default;
  int value_ = 0;
};

}  // namespace unusable
