// Base-class parameters for objgen params: Canvas and Tray take Shapes, and Shape is abstract. The
// scan registers Shape's concrete subclasses declared here, and Api::upcast lets a Square or a
// Rect stand where a Shape is taken.
#pragma once

#include <memory>
#include <stdexcept>
#include <vector>

namespace shapes {

class Shape {
 public:
  virtual ~Shape() = default;
  virtual int area() const = 0;
};

class Square : public Shape {
 public:
  explicit Square(int side) : side_(side) {
    if (side < 0) throw std::invalid_argument("side must not be negative");
  }
  int area() const override { return side_ * side_; }
  // The target itself stands for a Shape here (scanning Square registers its upcast too).
  bool bigger(const Shape& other) const { return area() > other.area(); }

 private:
  int side_;
};

class Rect : public Shape {
 public:
  Rect(int w, int h) : w_(w), h_(h) {}
  int area() const override { return w_ * h_; }

 private:
  int w_, h_;
};

class Canvas {
 public:
  void add(std::shared_ptr<Shape> s) { shapes_.push_back(std::move(s)); }
  // Needs a shape: a null one would crash.
  int total(const Shape& extra) const {
    int t = extra.area();
    for (const auto& s : shapes_) t += s->area();
    return t;
  }
  int count() const { return static_cast<int>(shapes_.size()); }

 private:
  std::vector<std::shared_ptr<Shape>> shapes_;
};

// Holds its shapes by unique_ptr: its implicit copy would not compile (the scan marks it not
// copyable), and put() needs a new Shape of its own type (skipped: Shape is abstract).
class Tray {
 public:
  void put(std::unique_ptr<Shape> s) { shapes_.push_back(std::move(s)); }
  void weigh(const Shape& s) { weight_ += s.area(); }
  int weight() const { return weight_; }

 private:
  std::vector<std::unique_ptr<Shape>> shapes_;
  int weight_ = 0;
};

}  // namespace shapes
