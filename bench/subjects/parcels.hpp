// Constant-guarded deep subject (issue 36), strings: Inspector::inspect needs a shipment holding a
// parcel whose label reads "FRAGILE" and whose destination code is "ZRH-7", found by id. Labels are
// reached through a reference accessor of the parcel. Written for objgen.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace subjects {

class Label {
 public:
  void setText(const std::string& text) { text_ = text; }
  void setDestination(const std::string& code) { destination_ = code; }
  const std::string& text() const { return text_; }
  const std::string& destination() const { return destination_; }

 private:
  std::string text_;
  std::string destination_;
};

class Parcel {
 public:
  Parcel() = default;
  explicit Parcel(int id) : id_(id) {}
  Label& label() { return label_; }
  const Label& label() const { return label_; }
  void setWeight(int grams) { weight_ = grams; }
  int id() const { return id_; }
  int weight() const { return weight_; }

 private:
  int id_ = 0;
  int weight_ = 0;
  Label label_;
};

class Shipment {
 public:
  // At most six parcels; an id already present keeps its first parcel.
  void add(const Parcel& p) {
    if (parcels_.size() < 6 && find(p.id()) == nullptr) parcels_.push_back(p);
  }
  const Parcel* find(int id) const {
    for (const Parcel& p : parcels_)
      if (p.id() == id) return &p;
    return nullptr;
  }
  std::size_t size() const { return parcels_.size(); }

 private:
  std::vector<Parcel> parcels_;
};

class Inspector {
 public:
  // 0: no parcel 5; 1: not fragile; 2: fragile, elsewhere; 3: fragile to ZRH-7 but light; 4: all.
  int inspect(const Shipment& shipment) const {
    const Parcel* p = shipment.find(5);
    if (p == nullptr) return 0;
    if (p->label().text() != "FRAGILE") return 1;
    if (p->label().destination() != "ZRH-7") return 2;
    if (p->weight() <= 1000) return 3;
    return 4;
  }
};

}  // namespace subjects
