// EvoObj's second motivating example (seed 002, written for objgen from its description): a rule
// check whose interesting branch needs a game holding two distinct players of the same team whose
// ids an action names. The players are elements of a container inside the game, found by id.
//
// Header-only: every member is defined in its class.
#pragma once

#include <cstddef>
#include <vector>

namespace examples {

class Player {
 public:
  Player() = default;
  Player(int id, int team) : id_(id), team_(team) {}
  int id() const { return id_; }
  int team() const { return team_; }
  void setTeam(int team) { team_ = team; }
  void setScore(int score) { score_ = score; }
  // The home team plays by house rules.
  bool home() const { return team_ == kHomeTeam; }
  static constexpr int kHomeTeam = 6;
  int score() const { return score_; }

 private:
  int id_ = 0;
  int team_ = 0;
  int score_ = 0;
};

class Game {
 public:
  Game() = default;
  // A player whose id is taken already is not added; a game holds at most eight players.
  void addPlayer(const Player& p) {
    if (players_.size() >= 8 || player(p.id()) != nullptr) return;
    players_.push_back(p);
  }
  const Player* player(int id) const {
    for (const Player& p : players_)
      if (p.id() == id) return &p;
    return nullptr;
  }
  int playerCount() const { return static_cast<int>(players_.size()); }
  void removePlayer(int id) {
    for (std::size_t i = 0; i < players_.size(); ++i)
      if (players_[i].id() == id) {
        players_.erase(players_.begin() + static_cast<long>(i));
        return;
      }
  }
  void clear() { players_.clear(); }
  void nextRound() { ++round_; }
  int round() const { return round_; }

 private:
  std::vector<Player> players_;
  int round_ = 0;
};

class Action {
 public:
  Action() = default;
  Action(int actor, int target) : actor_(actor), target_(target) {}
  int actor() const { return actor_; }
  int target() const { return target_; }
  void setActor(int actor) { actor_ = actor; }
  void setTarget(int target) { target_ = target; }
  void swap() {
    int a = actor_;
    actor_ = target_;
    target_ = a;
  }

 private:
  int actor_ = 0;
  int target_ = 0;
};

class Rules {
 public:
  Rules() = default;
  explicit Rules(bool friendly_fire) : friendly_fire_(friendly_fire) {}

  // An action is allowed once the game has started (four players) when both players exist and
  // are distinct; against a home team mate only if the rules allow friendly fire.
  bool checkRules(const Action& action, const Game& game) const {
    if (game.playerCount() < 4) return false;
    const Player* actor = game.player(action.actor());
    const Player* target = game.player(action.target());
    if (actor == nullptr || target == nullptr) return false;
    if (actor == target) return false;
    if (actor->team() == target->team() && actor->home()) return friendly_fire_;
    return true;
  }

 private:
  bool friendly_fire_ = false;
};

}  // namespace examples
