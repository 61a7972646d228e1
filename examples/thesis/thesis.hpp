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
  void removeAward() {
    if (!awards_.empty()) awards_.pop_back();
  }
  void clear() {
    awards_.clear();
    publications_ = 0;
  }
  int latestAward() const { return awards_.empty() ? 0 : awards_.back(); }
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
  void setId(int id) { id_ = id; }
  void resetCv() { cv_ = CV(); }
  bool senior() const { return cv_.publications() > 10; }

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
  void dropSupervisor() {
    supervisor_ = Supervisor();
    has_supervisor_ = false;
  }
  void resetCredits() { credits_ = 0; }
  void setYear(int year) {
    if (year >= 1 && year <= 6) year_ = year;
  }
  int year() const { return year_; }

 private:
  Supervisor supervisor_;
  bool has_supervisor_ = false;
  int credits_ = 0;
  int year_ = 1;
};

class Scholarship {
 public:
  Scholarship() = default;
  explicit Scholarship(int min_credits) : min_credits_(min_credits) {}
  int minCredits() const { return min_credits_; }

  // Worthy: a supervisor with more than five awards, and enough credits; a supervisor with a
  // strong publication record makes up for fewer credits.
  bool isWorthy(const Student& student) const {
    if (!student.hasSupervisor()) return false;
    const CV& cv = student.supervisor().cv();
    if (cv.awardCount() > 5) {
      if (student.credits() >= min_credits_) return true;
      return cv.publications() > 2;
    }
    return false;
  }

 private:
  int min_credits_ = 10;
};

}  // namespace examples
