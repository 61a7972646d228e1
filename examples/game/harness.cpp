// objgen harness for Rules and the classes its checkRules reaches (EvoObj's second example).
#include "game.hpp"
#include "objgen/objgen.hpp"

OBJGEN_FIELDS(examples::Player, id_, team_)
OBJGEN_FIELDS(examples::Game, players_)
OBJGEN_FIELDS(examples::Action, actor_, target_)
OBJGEN_FIELDS(examples::Rules, friendly_fire_)

namespace examples {

void register_game(objgen::Api& api) {
  api.add_class<Player>()
      .constructor<>()
      .constructor<int, int>()
      .method("id", &Player::id)
      .method("team", &Player::team)
      .method("setTeam", &Player::setTeam);
  api.add_class<Game>()
      .constructor<>()
      .method("addPlayer", &Game::addPlayer)
      .method("player", &Game::player)
      .method("playerCount", &Game::playerCount);
  api.add_class<Action>()
      .constructor<>()
      .constructor<int, int>()
      .method("actor", &Action::actor)
      .method("target", &Action::target);
  api.add_class<Rules>()
      .constructor<>()
      .constructor<bool>()
      .method("checkRules", &Rules::checkRules)
      .builders({"Rules"});
}

}  // namespace examples
