// An abstract shape (not tested as it is: objgen says so) and a square, with no bug.
#pragma once

namespace shelf {

class Shape {
 public:
  virtual ~Shape() = default;
  virtual int area() const = 0;
};

class Square : public Shape {
 public:
  explicit Square(int side) : side_(side < 0 ? 0 : side) {}
  void grow(int by) {
    if (by > 0) side_ += by;
  }
  int area() const override { return side_ * side_; }

 private:
  int side_;
};

}  // namespace shelf
