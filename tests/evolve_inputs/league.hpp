// A class that hands out its parts by reference: a team of a league changes only through
// league.team(i) or league.find(coach). champion()'s branch needs the third team to have won four
// times and the second to be coached by 7, so a test must call members through those references.
#pragma once

namespace sports {

class Team {
 public:
  Team() = default;
  void addWin() { ++wins_; }
  void setCoach(int coach) { coach_ = coach; }
  // A new season past 100 wins: the IR sees a write of wins_ that no short test makes happen.
  void newSeason() {
    if (wins_ > 100) wins_ = 0;
  }
  int wins() const { return wins_; }
  int coach() const { return coach_; }

 private:
  int wins_ = 0;
  int coach_ = 0;
};

class League {
 public:
  League() = default;
  Team& team(int i) { return teams_[static_cast<unsigned>(i) % 4]; }
  Team* find(int coach) {
    for (Team& t : teams_)
      if (t.coach() == coach) return &t;
    return nullptr;
  }
  int champion() const {
    if (teams_[2].wins() > 3 && teams_[1].coach() == 7) return 2;
    return 0;
  }

 private:
  Team teams_[4];
};

}  // namespace sports
