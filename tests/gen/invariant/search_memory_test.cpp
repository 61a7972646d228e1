// The shared parts of a search from an invariant (gen/invariant): the task queue and structure
// chunks workers write, and the layouts a worker sends, which objgen's process must refuse when
// they are damaged.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>

#include "gen/invariant/class_layouts.hpp"
#include "gen/invariant/search_memory.hpp"

namespace objgen::invariant {
namespace {

TEST(SearchMemory, TasksAreTakenInOrderAndTheQueueEndsWhenNoneRuns) {
  SearchMemory m(16, 2, 3, 100);
  std::atomic<uint64_t> counter{0};
  WorkerProgress progress(&counter);
  EXPECT_EQ(m.add_tasks({{{1, 2, 3}, {0, 1}}, {{0, 0, 0}, {}}}), 0u);
  EXPECT_EQ(m.task(0).prefix_length, 2u);
  EXPECT_EQ(m.values(0)[2], 3);
  EXPECT_EQ(m.take_task(progress), 0u);
  EXPECT_EQ(m.take_task(progress), 1u);
  // Both "workers" still run a task: a part handed back is taken next.
  EXPECT_EQ(m.add_tasks({{{2, 2, 2}, {2}}}), 2u);
  EXPECT_EQ(m.take_task(progress), 2u);
  m.task_finished(), m.task_finished(), m.task_finished();
  EXPECT_EQ(m.take_task(progress), SearchMemory::kNoTask);  // nothing queued, nothing running
  EXPECT_EQ(m.add_tasks(std::vector<std::pair<std::vector<uint8_t>, std::vector<uint32_t>>>(14)), SearchMemory::kNoTask);
}

TEST(SearchMemory, StructuresComeBackInOrderAcrossChunks) {
  SearchMemory m(4, 1, 2, 5000);
  m.add_tasks({{{0, 0}, {}}, {{0, 0}, {}}});
  for (uint32_t i = 0; i < 2500; ++i) {
    uint8_t v[2] = {static_cast<uint8_t>(i), static_cast<uint8_t>(i >> 8)};
    ASSERT_TRUE(m.append(i % 2, v, Fingerprint{i, i}));
  }
  FoundStructures found(2);
  m.add_structures(0, found, nullptr);
  ASSERT_EQ(found.size(), 1250u);
  EXPECT_EQ(found.runs().size(), 2u) << "a run per chunk";
  EXPECT_EQ(m.count(1), 1250u);
  for (uint32_t k = 0; k < 1250; ++k) {
    ASSERT_EQ(found.fingerprint(k).lo, 2 * k);
    ASSERT_EQ(found.vector(k)[0] + 256 * found.vector(k)[1], static_cast<int>(2 * k));
  }
}

TEST(SearchMemory, AFullOutputSaysSo) {
  SearchMemory m(1, 1, 1, 1);  // room for one chunk beside the task's
  m.add_tasks({{{0}, {}}});
  uint8_t v = 0;
  size_t appended = 0;
  while (appended < 5000 && m.append(0, &v, Fingerprint{})) ++appended;
  EXPECT_LT(appended, 5000u);
}

ClassLayouts two_classes() {
  ClassLayouts l;
  l.names = {{1, "List"}, {2, "List::Node"}};
  l.layouts[1] = ClassLayout{16, 8, {{"head", 0, 8, FieldKind::Pointer, 2}, {"size", 8, 4, FieldKind::Signed, 0}}};
  l.layouts[2] = ClassLayout{16, 8, {{"next", 0, 8, FieldKind::Pointer, 2}, {"value", 8, 4, FieldKind::Signed, 0}}};
  return l;
}

TEST(ClassLayouts, RoundTripAndDamageRefused) {
  std::string bytes = encode_class_layouts(two_classes());
  ClassLayouts back = decode_class_layouts(bytes);
  EXPECT_EQ(back.names.at(2), "List::Node");
  EXPECT_EQ(back.layouts.at(1).fields.at(1).name, "size");
  EXPECT_THROW(decode_class_layouts(bytes.substr(0, bytes.size() - 3)), std::runtime_error);
  ClassLayouts outside = two_classes();
  outside.layouts[2].fields[1].offset = 14;  // 4 bytes from 14 pass the object's 16
  EXPECT_THROW(decode_class_layouts(encode_class_layouts(outside)), std::runtime_error);
  ClassLayouts dangling = two_classes();
  dangling.layouts[1].fields[0].target = 9;  // a class nobody described
  EXPECT_THROW(decode_class_layouts(encode_class_layouts(dangling)), std::runtime_error);
}

}  // namespace
}  // namespace objgen::invariant
