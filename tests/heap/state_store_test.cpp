#include <array>
#include <gtest/gtest.h>

#include "heap/state_store.hpp"

namespace {
using objgen::Fingerprint;

TEST(FingerprintSet, InsertFindAndGrow) {
  objgen::FingerprintSet set;
  for (uint32_t i = 0; i < 100000; ++i) EXPECT_TRUE(set.insert({i * 7919ull + 1, i}, i));
  for (uint32_t i = 0; i < 100000; ++i) {
    const uint32_t* id = set.find({i * 7919ull + 1, i});
    ASSERT_NE(id, nullptr);
    EXPECT_EQ(*id, i);
  }
  EXPECT_FALSE(set.insert({1, 0}, 5));
  EXPECT_EQ(set.find({2, 0}), nullptr);
  EXPECT_EQ(set.size(), 100000u);
}

TEST(FingerprintSet, TheZeroFingerprintIsStorable) {
  objgen::FingerprintSet set;
  EXPECT_TRUE(set.insert({0, 0}, 3));
  ASSERT_NE(set.find({0, 0}), nullptr);
}

TEST(FingerprintSet, InsertAllMovesEveryEntry) {
  objgen::FingerprintSet a, b;
  for (uint32_t i = 0; i < 50000; ++i) a.insert({i * 104729ull + 3, i}, i);
  b.insert({1, 1}, 7);
  b.insert_all(a);
  EXPECT_EQ(b.size(), 50001u);
  for (uint32_t i = 0; i < 50000; ++i) {
    const uint32_t* id = b.find({i * 104729ull + 3, i});
    ASSERT_NE(id, nullptr);
    EXPECT_EQ(*id, i);
  }
}

TEST(HotFingerprints, AnswersOnlyWhatWasAdded) {
  objgen::HotFingerprints hot;
  Fingerprint fp{0x1234, 0xabcdef0011223344ull};
  EXPECT_FALSE(hot.holds(fp));
  EXPECT_FALSE(hot.holds({0, 0}));  // an empty slot is not the zero fingerprint
  hot.add(fp);
  EXPECT_TRUE(hot.holds(fp));
  EXPECT_FALSE(hot.holds({0x1235, fp.hi}));  // same slot, another fingerprint
  hot.clear();
  EXPECT_FALSE(hot.holds(fp));
}

TEST(StateStore, IterationsAreKeptPerIteration) {
  objgen::StateStore store;
  uint32_t seq = store.add_sequence(0, {});
  for (uint64_t i = 0; i < 3; ++i) store.add_state({i + 1, 0}, seq, 0, 1, 1);
  store.add_state({1, 0}, seq, 0, 1, 2);  // known: not added, no iteration 2 start
  for (uint64_t i = 3; i < 5; ++i) store.add_state({i + 1, 0}, seq, 0, 1, 4);
  EXPECT_EQ(store.iteration_of(0), 1);
  EXPECT_EQ(store.iteration_of(2), 1);
  EXPECT_EQ(store.iteration_of(3), 4);
  EXPECT_EQ(store.iteration_of(4), 4);
  EXPECT_THROW(store.add_state({99, 0}, seq, 0, 1, 3), std::logic_error);
  EXPECT_EQ(sizeof(objgen::StateRecord), 8u);
}

TEST(StateStore, StatesAreUniqueAcrossSeals) {
  objgen::StateStore store;
  objgen::ArgRef args[] = {objgen::ArgRef::literal(2)};
  uint32_t seq = store.add_sequence(0, args);
  EXPECT_EQ(store.add_state({5, 5}, seq, 0, 1, 1), 0u);
  EXPECT_EQ(store.add_state({5, 5}, seq, 0, 1, 1), UINT32_MAX);
  store.seal();
  EXPECT_TRUE(store.contains_sealed({5, 5}));
  EXPECT_EQ(store.add_state({5, 5}, seq, 0, 1, 2), UINT32_MAX);
  EXPECT_EQ(store.add_state({6, 5}, seq, 0, 1, 2), 1u);
  EXPECT_EQ(store.states_of(1).size(), 2u);
  EXPECT_TRUE(store.args(seq, 1)[0].is_literal());
  EXPECT_EQ(store.args(seq, 1)[0].index(), 2u);
}

// --memory-limit counts the store's next growth before it happens (the new table is allocated
// while the old one is still held).
TEST(StateStore, GrowthAheadCountsTheSealAndTheNextDoubling) {
  objgen::FingerprintSet set;
  const size_t doubled = set.bytes_to_hold(800);  // a table of 2048 slots
  EXPECT_EQ(set.bytes_to_hold(700), 0u);          // 1024 slots hold 716 at 70 % load
  EXPECT_GT(doubled, 0u);
  objgen::StateStore store;
  uint32_t seq = store.add_sequence(0, {});
  EXPECT_EQ(store.growth_bytes_ahead(), 0u);
  uint32_t n = 0;
  for (; n < 690; ++n) store.add_state({n + 1ull, 7}, seq, objgen::kResultSlot, 0, 1);
  EXPECT_EQ(store.growth_bytes_ahead(), doubled);  // the fresh table's doubling is near
  for (; n < 800; ++n) store.add_state({n + 1ull, 7}, seq, objgen::kResultSlot, 0, 1);
  EXPECT_EQ(store.growth_bytes_ahead(), doubled);  // now the seal's: the sealed table must grow
  store.seal();
  EXPECT_EQ(store.growth_bytes_ahead(), 0u);
}

}  // namespace

namespace {

// A checkpoint or a rank's copy: the loaded store answers every question as the saved one did.
TEST(StateStore, SaveAndLoadGiveTheSameStore) {
  objgen::StateStore store;
  for (uint32_t i = 0; i < 70000; ++i) {  // more than one block of each array
    objgen::ArgRef args[] = {objgen::ArgRef::state(i / 2), objgen::ArgRef::literal(i % 3)};
    uint32_t seq = store.add_sequence(i % 5, args);
    store.add_state({i * 2654435761ull + 7, i ^ 0xabcdu}, seq, static_cast<uint8_t>(i % 2), 1 + i % 3,
                    static_cast<uint16_t>(1 + i / 20000));
  }
  store.seal();
  objgen::ByteWriter w;
  store.save(w);
  std::string bytes = w.take();
  objgen::StateStore loaded;
  objgen::ByteReader r(bytes);
  loaded.load(r);
  EXPECT_TRUE(r.done());
  ASSERT_EQ(loaded.state_count(), store.state_count());
  ASSERT_EQ(loaded.sequence_count(), store.sequence_count());
  for (uint32_t i = 0; i < store.state_count(); ++i) {
    EXPECT_EQ(loaded.state(i).sequence, store.state(i).sequence);
    EXPECT_EQ(loaded.state(i).cls, store.state(i).cls);
    EXPECT_EQ(loaded.iteration_of(i), store.iteration_of(i));
    EXPECT_EQ(loaded.sequence(i).op, store.sequence(i).op);
    EXPECT_EQ(loaded.args(i, 2)[0].bits, store.args(i, 2)[0].bits);
    EXPECT_EQ(loaded.args(i, 2)[1].bits, store.args(i, 2)[1].bits);
    const uint32_t* id = loaded.find({i * 2654435761ull + 7, i ^ 0xabcdu});
    ASSERT_NE(id, nullptr);
    EXPECT_EQ(*id, i);
  }
  for (objgen::ClassId c = 1; c <= 3; ++c) EXPECT_EQ(loaded.states_of(c), store.states_of(c));
  // Cut short: an error, not a crash or a half-loaded store in use.
  std::string cut = bytes.substr(0, bytes.size() / 2);
  objgen::ByteReader short_reader(cut);
  objgen::StateStore partial;
  EXPECT_THROW(partial.load(short_reader), std::runtime_error);
}

}  // namespace

namespace {

// A distributed run: the records go whole to every rank, the fingerprints in shares. Loading every
// share while keeping one's own gives that share's lookups, and the check values of every fourth
// state come back from the fingerprints read, kept or not.
TEST(StateStore, FingerprintSharesLoadIntoRecordsAndCheckValues) {
  objgen::StateStore store;
  store.keep_check_values();
  auto fp_of = [](uint32_t i) { return objgen::Fingerprint{i * 0x9E3779B97F4A7C15ull + 1, i * 31ull}; };
  for (uint32_t i = 0; i < 1000; ++i) {
    objgen::ArgRef args[] = {objgen::ArgRef::literal(i % 3)};
    uint32_t seq = store.add_sequence(0, args);
    // Only even states' fingerprints are this rank's: the others are records alone.
    EXPECT_EQ(store.add_decided_state(fp_of(i), seq, objgen::kResultSlot, 1, 1, i % 2 == 0), i);
  }
  EXPECT_FALSE(store.contains(fp_of(1)));
  EXPECT_TRUE(store.contains(fp_of(2)));
  EXPECT_TRUE(store.check_value_matches(8, fp_of(8)));
  EXPECT_TRUE(store.check_value_matches(12, fp_of(12)));  // a record alone has its check value too
  EXPECT_FALSE(store.check_value_matches(8, fp_of(9)));
  store.seal();
  objgen::ByteWriter records, fingerprints;
  store.save_records(records);
  store.save_fingerprints(fingerprints);
  std::string rb = records.take(), fb = fingerprints.take();

  objgen::StateStore loaded;
  loaded.keep_check_values();
  objgen::ByteReader r(rb);
  loaded.load_records(r);
  EXPECT_TRUE(r.done());
  objgen::ByteReader f(fb);
  // Keep a quarter of what the file holds (another number of ranks than the run that saved it).
  size_t read = loaded.load_fingerprints(f, [&](const objgen::Fingerprint& fp, uint32_t) { return fp.hi % 4 == 0; });
  EXPECT_EQ(read, 500u);
  ASSERT_EQ(loaded.state_count(), 1000u);
  for (uint32_t i = 0; i < 1000; i += 2) {
    const uint32_t* id = loaded.find(fp_of(i));
    if ((i * 31ull) % 4 == 0) {
      ASSERT_NE(id, nullptr);
      EXPECT_EQ(*id, i);
    } else {
      EXPECT_EQ(id, nullptr);
    }
    if (objgen::StateStore::has_check_value(i)) {
      EXPECT_TRUE(loaded.check_value_matches(i, fp_of(i)));
    }
  }
  EXPECT_EQ(loaded.states_of(1).size(), 1000u);
}

TEST(FingerprintSet, FindOrInsertGivesTheStoredId) {
  objgen::FingerprintSet set;
  bool inserted = false;
  uint32_t* id = set.find_or_insert({5, 6}, 10, &inserted);
  EXPECT_TRUE(inserted);
  EXPECT_EQ(*id, 10u);
  *id = 3;  // a caller keeping the smallest of several
  id = set.find_or_insert({5, 6}, 11, &inserted);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(*id, 3u);
  EXPECT_EQ(set.size(), 1u);
}

}  // namespace

namespace {

// Split records: a rank holds the records of some states and the class lists of all; densify
// takes the others' records (here: made up from the id) and gives a store like one that held
// every record all along, across more than one block of each array.
TEST(StateStore, HoldsSomeRecordsThenDensifies) {
  objgen::StateStore some, all;
  some.hold_only_some();
  auto args_of = [](uint32_t i) { return std::array<objgen::ArgRef, 2>{objgen::ArgRef::state(i / 3), objgen::ArgRef::literal(i % 5)}; };
  const uint32_t n = 200000;
  for (uint32_t i = 0; i < n; ++i) {
    bool held = i % 3 != 1;
    auto args = args_of(i);
    objgen::Fingerprint fp{i + 1ull, 7};
    auto it = static_cast<uint16_t>(1 + i / 50000);
    uint32_t seq = static_cast<uint32_t>(some.sequence_count());
    EXPECT_EQ(some.add_decided_state(fp, seq, static_cast<uint8_t>(i % 2), 1 + i % 2, it, false, held), i);
    if (held) some.add_sequence(i % 4, args);
    all.add_state(fp, all.add_sequence(i % 4, args), static_cast<uint8_t>(i % 2), 1 + i % 2, it);
  }
  ASSERT_EQ(some.state_count(), n);
  EXPECT_EQ(some.states_of(1), all.states_of(1));
  for (uint32_t i : {0u, 1u, 2u, 64u, 65u, 130000u, n - 1}) {
    EXPECT_EQ(some.holds(i), i % 3 != 1) << i;
    if (!some.holds(i)) continue;
    EXPECT_EQ(some.state(i).slot, i % 2);
    EXPECT_EQ(some.sequence(some.state(i).sequence).op, i % 4);
    EXPECT_EQ(some.args(some.state(i).sequence, 2)[0].bits, args_of(i)[0].bits);
  }
  std::vector<uint32_t> params{2, 2, 2, 2};
  std::array<objgen::ArgRef, 2> buffer;
  auto missing = [&](uint32_t id) {
    buffer = args_of(id);
    objgen::StateStore::Call c;
    c.op = id % 4;
    c.slot = static_cast<uint8_t>(id % 2);
    c.cls = static_cast<objgen::ClassId>(1 + id % 2);
    c.args = buffer;
    return c;
  };
  for (uint32_t lo = 0; lo < n; lo += 70000) some.densify(std::min(n, lo + 70000), params, missing);
  some.densify_done();
  for (uint32_t i = 0; i < n; ++i) {
    ASSERT_TRUE(some.holds(i));
    const objgen::StateRecord& a = some.state(i);
    const objgen::StateRecord& b = all.state(i);
    ASSERT_EQ(a.slot, b.slot) << i;
    ASSERT_EQ(a.cls, b.cls) << i;
    ASSERT_EQ(some.sequence(a.sequence).op, all.sequence(b.sequence).op) << i;
    ASSERT_EQ(some.args(a.sequence, 2)[0].bits, all.args(b.sequence, 2)[0].bits) << i;
    ASSERT_EQ(some.args(a.sequence, 2)[1].bits, all.args(b.sequence, 2)[1].bits) << i;
    ASSERT_EQ(some.iteration_of(i), all.iteration_of(i)) << i;
  }
}

// A checkpoint of split records: rank 0 writes the index, each rank its held records. The same
// number of ranks loads its own part back; any other number takes every rank's part, densified.
TEST(StateStore, SplitRecordsSaveByRankAndLoadOwnOrEvery) {
  const uint32_t n = 70000, shared = 100;  // more than one block of each array
  auto args_of = [](uint32_t i) { return std::array<objgen::ArgRef, 2>{objgen::ArgRef::state(i / 3), objgen::ArgRef::literal(i % 5)}; };
  auto home = [&](uint32_t i) { return i < shared ? -1 : static_cast<int>(i % 2); };  // -1: every rank
  objgen::StateStore rank[2], all;
  for (int k = 0; k < 2; ++k) rank[k].hold_only_some();
  for (uint32_t i = 0; i < n; ++i) {
    objgen::Fingerprint fp{i * 2654435761ull + 3, i};
    auto it = static_cast<uint16_t>(1 + i / 30000);
    auto args = args_of(i);
    for (int k = 0; k < 2; ++k) {
      bool held = home(i) < 0 || home(i) == k;
      uint32_t seq = static_cast<uint32_t>(rank[k].sequence_count());
      rank[k].add_decided_state(fp, seq, static_cast<uint8_t>(i % 2), 1 + i % 3, it, true, held);
      if (held) rank[k].add_sequence(i % 4, args);
    }
    all.add_state(fp, all.add_sequence(i % 4, args), static_cast<uint8_t>(i % 2), 1 + i % 3, it);
  }
  objgen::ByteWriter index, held[2];
  for (int k = 0; k < 2; ++k) rank[k].seal();
  rank[0].save_index(index);
  for (int k = 0; k < 2; ++k) rank[k].save_held(held[k]);
  std::string index_bytes = index.take(), held_bytes[2] = {held[0].take(), held[1].take()};
  EXPECT_EQ(held_bytes[1].size(), rank[1].held_bytes());  // what a checkpoint writes ahead of them
  std::string file_bytes;                                 // a rank's file, written a few KiB at a time: fingerprints, then records
  size_t flushes = 0, short_ones = 0;
  objgen::ByteWriter file(
      [&](std::string_view b) {
        short_ones += b.size() < 4096;
        file_bytes += b;
        ++flushes;
      },
      4096);
  rank[1].save_fingerprints(file);
  file.put<uint64_t>(rank[1].held_bytes());
  rank[1].save_held(file);
  file.flush();
  EXPECT_GT(flushes, 100u);
  EXPECT_LE(short_ones, 1u);  // the last one
  EXPECT_EQ(file.written(), file_bytes.size());
  objgen::ByteReader fr(file_bytes);
  objgen::StateStore fps;
  objgen::ByteReader fi(index_bytes);
  fps.load_index(fi);
  ASSERT_EQ(fps.load_fingerprints(fr, [](const objgen::Fingerprint&, uint32_t) { return false; }), n);
  EXPECT_EQ(fr.get_view(), held_bytes[1]);
  EXPECT_TRUE(fr.done());
  auto same_record = [&](const objgen::StateStore& s, uint32_t i) {
    const objgen::StateRecord& a = s.state(i);
    const objgen::StateRecord& b = all.state(i);
    return a.slot == b.slot && a.cls == b.cls && s.sequence(a.sequence).op == all.sequence(b.sequence).op &&
           s.args(a.sequence, 2)[0].bits == all.args(b.sequence, 2)[0].bits &&
           s.args(a.sequence, 2)[1].bits == all.args(b.sequence, 2)[1].bits;
  };

  objgen::StateStore own;  // rank 1 again, on as many ranks
  own.hold_only_some();
  objgen::ByteReader ri(index_bytes), rh(held_bytes[1]);
  own.load_index(ri);
  own.load_held(rh);
  EXPECT_TRUE(ri.done());
  EXPECT_TRUE(rh.done());
  ASSERT_EQ(own.state_count(), n);
  for (objgen::ClassId c = 1; c <= 3; ++c) EXPECT_EQ(own.states_of(c), all.states_of(c));
  for (uint32_t i = 0; i < n; ++i) {
    ASSERT_EQ(own.holds(i), home(i) != 0) << i;
    ASSERT_EQ(own.iteration_of(i), all.iteration_of(i)) << i;
    if (own.holds(i)) {
      ASSERT_TRUE(same_record(own, i)) << i;
    }
  }

  objgen::StateStore every;  // another number of ranks: every record
  every.hold_only_some();
  objgen::ByteReader ei(index_bytes);
  every.load_index(ei);
  objgen::StateStore donors[2];
  for (int k = 0; k < 2; ++k) {
    donors[k].hold_only_some();
    objgen::ByteReader r(held_bytes[k]);
    donors[k].load_held(r);
  }
  std::vector<uint32_t> params{2, 2, 2, 2};
  every.densify(n, params, [&](uint32_t id) { return donors[donors[0].holds(id) ? 0 : 1].call_of(id, params); });
  every.densify_done();
  for (uint32_t i = 0; i < n; ++i) ASSERT_TRUE(every.holds(i) && same_record(every, i)) << i;

  objgen::StateStore wrong;  // a part of another run: refused
  wrong.hold_only_some();
  objgen::ByteWriter small_index;
  objgen::StateStore small;
  small.add_state({1, 1}, small.add_sequence(0, {}), objgen::kResultSlot, 1, 1);
  small.seal();
  small.save_index(small_index);
  std::string small_bytes = small_index.take();
  objgen::ByteReader si(small_bytes), sh(held_bytes[0]);
  wrong.load_index(si);
  EXPECT_THROW(wrong.load_held(sh), std::runtime_error);

  objgen::ByteWriter twice;  // an index that lists state 0 in two classes (and state 1 in none)
  twice.put<uint64_t>(2);
  twice.put<uint64_t>(0);
  twice.put<uint64_t>(2);
  for (int c = 0; c < 2; ++c) {
    twice.put<uint64_t>(1);
    twice.put<uint32_t>(0);
  }
  std::string twice_bytes = twice.take();
  objgen::ByteReader ti(twice_bytes);
  objgen::StateStore listed_twice;
  EXPECT_THROW(listed_twice.load_index(ti), std::runtime_error);
}

}  // namespace
