// EvoObj's first motivating example (seed 002, written for objgen from its description): whether
// a student deserves a scholarship depends on the student's supervisor's CV, three objects deep.
// Random call sequences rarely build a student with a supervisor whose CV holds four awards.
//
// Header-only: every member is defined in its class.
#pragma once

#include <vector>

namespace examples {

class CV {
 public:
  CV() = default;
  void addAward(int year) {
    if (awards_.size() < 16) awards_.push_back(year);
  }
  void addPublication() { ++publications_; }
  int awardCount() const { return static_cast<int>(awards_.size()); }
  int publications() const { return publications_; }

 private:
  std::vector<int> awards_;
  int publications_ = 0;
};

class Supervisor {
 public:
  Supervisor() = default;
  explicit Supervisor(int id) : id_(id) {}
  void setCv(const CV& cv) { cv_ = cv; }
  const CV& cv() const { return cv_; }
  int id() const { return id_; }

 private:
  int id_ = 0;
  CV cv_;
};

class Student {
 public:
  Student() = default;
  void setSupervisor(const Supervisor& s) {
    supervisor_ = s;
    has_supervisor_ = true;
  }
  bool hasSupervisor() const { return has_supervisor_; }
  const Supervisor& supervisor() const { return supervisor_; }
  void addCredits(int credits) {
    if (credits > 0 && credits <= 30) credits_ += credits;
  }
  int credits() const { return credits_; }

 private:
  Supervisor supervisor_;
  bool has_supervisor_ = false;
  int credits_ = 0;
};

class Scholarship {
 public:
  Scholarship() = default;
  explicit Scholarship(int min_credits) : min_credits_(min_credits) {}
  int minCredits() const { return min_credits_; }

  // Worthy: a supervisor with more than three awards, and enough credits; a supervisor with a
  // strong publication record makes up for fewer credits.
  bool isWorthy(const Student& student) const {
    if (!student.hasSupervisor()) return false;
    const CV& cv = student.supervisor().cv();
    if (cv.awardCount() > 3) {
      if (student.credits() >= min_credits_) return true;
      return cv.publications() > 2;
    }
    return false;
  }

 private:
  int min_credits_ = 10;
};

}  // namespace examples
