// objgen harness for examples::Rules and the classes its API reaches: written by `objgen scan`, reviewed.
// Compile with -fno-access-control: it names private fields and nested types.
// Review the heuristics below: builders, invariant, omitted fields.
#include "game.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::Rules, friendly_fire_)

// examples::Action, registered too (examples::Rules::checkRules takes it):
OBJGEN_FIELDS(examples::Action, actor_, target_)

// examples::Game, registered too (examples::Rules::checkRules takes it):
// Constants: kHomeTeam = 6
OBJGEN_FIELDS(examples::Player, id_, team_, score_)  // game.hpp:13
OBJGEN_FIELDS(examples::Game, players_, round_)

// examples::Player, registered too (examples::Game::addPlayer takes it):
// Constants: kHomeTeam = 6

namespace examples {

void register_game(objgen::Api& api) {
  api.add_class<examples::Action>()
      .constructor<>()  // game.hpp:64
      .constructor<int, int>()  // game.hpp:65
      .method("actor", &examples::Action::actor)  // game.hpp:66
      .method("target", &examples::Action::target)  // game.hpp:67
      .method("setActor", &examples::Action::setActor)  // game.hpp:68
      .method("setTarget", &examples::Action::setTarget)  // game.hpp:69
      .method("swap", &examples::Action::swap)  // game.hpp:70
      .builders({"Action", "setActor", "setTarget", "swap"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Action& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Game>()
      .constructor<>()  // game.hpp:34
      .method("addPlayer", &examples::Game::addPlayer)  // game.hpp:36
      .method("player", &examples::Game::player)  // game.hpp:40
      .method("playerCount", &examples::Game::playerCount)  // game.hpp:45
      .method("removePlayer", &examples::Game::removePlayer)  // game.hpp:46
      .method("clear", &examples::Game::clear)  // game.hpp:53
      .method("nextRound", &examples::Game::nextRound)  // game.hpp:54
      .method("round", &examples::Game::round)  // game.hpp:55
      .builders({"Game", "addPlayer", "removePlayer", "clear", "nextRound"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Game& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Player>()
      .constructor<>()  // game.hpp:15
      .constructor<int, int>()  // game.hpp:16
      .method("id", &examples::Player::id)  // game.hpp:17
      .method("team", &examples::Player::team)  // game.hpp:18
      .method("setTeam", &examples::Player::setTeam)  // game.hpp:19
      .method("setScore", &examples::Player::setScore)  // game.hpp:20
      .method("home", &examples::Player::home)  // game.hpp:22
      .method("score", &examples::Player::score)  // game.hpp:24
      .builders({"Player", "setTeam", "setScore"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Player& x) { return ...; }) if the class has one to check.
  api.add_class<Rules>()
      .constructor<>()  // game.hpp:83
      .constructor<bool>()  // game.hpp:84
      .method("checkRules", &Rules::checkRules)  // game.hpp:88
      .builders({"Rules"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const Rules& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
