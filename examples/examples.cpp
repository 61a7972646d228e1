#include "objgen/example.hpp"

namespace examples {
void register_ncl(objgen::Api& api);
// lists-and-trees registrations
void register_sll(objgen::Api& api);
void register_dll(objgen::Api& api);
void register_bintree(objgen::Api& api);
void register_avl(objgen::Api& api);
void register_rbt(objgen::Api& api);
// heaps-and-others registrations
void register_binheap(objgen::Api& api);
void register_fibheap(objgen::Api& api);
void register_stdset(objgen::Api& api);
void register_stack(objgen::Api& api);
void register_bitset(objgen::Api& api);
// deep-object subjects (EvoObj)
void register_thesis(objgen::Api& api);
void register_game(objgen::Api& api);
void register_config(objgen::Api& api);
void register_orders(objgen::Api& api);
void register_account(objgen::Api& api);
void register_routes(objgen::Api& api);
void register_scheduler(objgen::Api& api);
void register_warehouse(objgen::Api& api);
void register_buggy_segv(objgen::Api& api);
void register_buggy_throw(objgen::Api& api);
void register_buggy_hang(objgen::Api& api);
void register_buggy_invariant(objgen::Api& api);
void register_buggy_abort(objgen::Api& api);
void register_buggy_dtor(objgen::Api& api);
// one per contract (gen/oracles/contracts.hpp)
void register_buggy_copy(objgen::Api& api);
void register_buggy_equals(objgen::Api& api);
void register_buggy_hash(objgen::Api& api);
void register_buggy_move(objgen::Api& api);
}

namespace objgen {

const std::vector<Example>& bundled_examples() {
  static const std::vector<Example> all = {
      {"ncl", "ROOPS node-caching linked list (addLast, removeIndex)", "examples::NodeCachingList",
       "ncl/node_caching_list.hpp", &examples::register_ncl},
      // lists-and-trees entries
      {"sll", "Korat singly linked list with a header entry (add)", "examples::SinglyLinkedList",
       "sll/singly_linked_list.hpp", &examples::register_sll},
      {"dll", "Korat circular doubly linked list, header holds the first element (add)",
       "examples::DoublyLinkedList", "dll/doubly_linked_list.hpp", &examples::register_dll},
      {"bintree", "ROOPS binary search tree with parent links (add)", "examples::BinTree",
       "bintree/bin_tree.hpp", &examples::register_bintree},
      {"avl", "ROOPS/Weiss AVL tree (insert)", "examples::AvlTree", "avl/avl_tree.hpp",
       &examples::register_avl},
      {"rbt", "ROOPS TreeSet red-black tree, java.util.TreeMap algorithms (add, remove)",
       "examples::RedBlackTree", "rbt/red_black_tree.hpp", &examples::register_rbt},
      // heaps-and-others entries
      {"binheap", "Korat/ROOPS binomial heap (insert, extractMin)", "examples::BinomialHeap",
       "binheap/binomial_heap.hpp", &examples::register_binheap},
      {"fibheap", "Korat/ROOPS Fibonacci heap (insert, removeMin)", "examples::FibonacciHeap",
       "fibheap/fibonacci_heap.hpp", &examples::register_fibheap},
      {"stdset", "std::set<int> itself (insert); state = its elements in iteration order",
       "std::set<int>", "stdset/std_set.hpp", &examples::register_stdset},
      {"stack", "java.util.Stack<Integer> over a Vector-like growable int array (push, pop)",
       "examples::Stack", "stack/stack.hpp", &examples::register_stack},
      {"bitset", "java.util.BitSet: 64-bit words, range operations word by word (set)",
       "examples::BitSet", "bitset/bit_set.hpp", &examples::register_bitset},
      {"thesis", "EvoObj: Scholarship::isWorthy needs a student whose supervisor's CV has > 5 awards",
       "examples::Scholarship", "thesis/thesis.hpp", &examples::register_thesis},
      {"game", "EvoObj: Rules::checkRules needs four players, two of one team, in a game, named by an action",
       "examples::Rules", "game/game.hpp", &examples::register_game},
      {"config", "EvoObj: ConfigValidator::validate reads an entry of a section of a config, found by id",
       "examples::ConfigValidator", "config/config.hpp", &examples::register_config},
      {"orders", "EvoObj: PricingEngine::discount needs a customer with a stamped loyalty card and fresh line items in an order",
       "examples::PricingEngine", "orders/orders.hpp", &examples::register_orders},
      {"account", "EvoObj: FraudDetector::suspicious needs an account of a bank drained by a sequence of withdrawals",
       "examples::FraudDetector", "account/account.hpp", &examples::register_account},
      {"routes", "EvoObj: RouteFinder::route needs nodes and edges of a graph, named by id",
       "examples::RouteFinder", "routes/routes.hpp", &examples::register_routes},
      {"scheduler", "EvoObj: Dispatcher::pick needs a task and a certified worker with spare capacity in a scheduler",
       "examples::Dispatcher", "scheduler/scheduler.hpp", &examples::register_scheduler},
      {"warehouse", "EvoObj: Inventory::reorder depends on std::map lookups inside the warehouse of a store",
       "examples::Inventory", "warehouse/warehouse.hpp", &examples::register_warehouse},
      {"buggy_segv", "faulty list: add(2) on 2 elements dereferences null (SIGSEGV)",
       "examples::BuggySegvList", "buggy_segv/buggy_segv_list.hpp",
       &examples::register_buggy_segv},
      {"buggy_throw", "faulty list: add(1) on 2 elements throws std::runtime_error",
       "examples::BuggyThrowList", "buggy_throw/buggy_throw_list.hpp",
       &examples::register_buggy_throw},
      {"buggy_hang", "faulty list: adding a duplicate to 2 elements loops forever",
       "examples::BuggyHangList", "buggy_hang/buggy_hang_list.hpp",
       &examples::register_buggy_hang},
      {"buggy_invariant", "faulty list: add(2) on 2 elements leaves size wrong (repOK fails)",
       "examples::BuggyInvariantList", "buggy_invariant/buggy_invariant_list.hpp",
       &examples::register_buggy_invariant},
      {"buggy_abort", "faulty list: add(0) on 2 elements fails an assert (SIGABRT)",
       "examples::BuggyAbortList", "buggy_abort/buggy_abort_list.hpp",
       &examples::register_buggy_abort},
      {"buggy_dtor", "faulty list: destructor throws for 3 elements starting with 2 (terminate)",
       "examples::BuggyDtorList", "buggy_dtor/buggy_dtor_list.hpp",
       &examples::register_buggy_dtor},
      {"buggy_copy", "faulty list: the implicit copy shares nodes (contract copy-independent)",
       "examples::SharedTailList", "buggy_copy/shared_tail_list.hpp", &examples::register_buggy_copy},
      {"buggy_equals", "faulty bag: operator== is a subset test (contract eq-symmetric)", "examples::IntBag",
       "buggy_equals/int_bag.hpp", &examples::register_buggy_equals},
      {"buggy_hash", "faulty fraction: std::hash disagrees with operator== (contract hash-eq)", "examples::Ratio",
       "buggy_hash/ratio.hpp", &examples::register_buggy_hash},
      {"buggy_move", "faulty list: the move constructor leaves the source owning the nodes (contract moved-from)",
       "examples::MovableList", "buggy_move/movable_list.hpp", &examples::register_buggy_move},
  };
  return all;
}

const Example* find_example(const std::string& name) {
  for (const auto& e : bundled_examples())
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace objgen
