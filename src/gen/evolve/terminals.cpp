#include "gen/evolve/terminals.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>

namespace objgen::evolve {
namespace {

constexpr size_t kMaxInts = 4096;  // terminal indices travel as int16
constexpr size_t kMaxDoubles = 1024;
constexpr size_t kMaxStrings = 256;
constexpr int64_t kClassConstantBound = 4096;

std::set<int64_t> with_int_neighbours(const std::vector<int64_t>& values) {
  std::set<int64_t> out;
  for (int64_t c : values) {
    out.insert(c);
    if (c > std::numeric_limits<int64_t>::min()) out.insert(c - 1);
    if (c < std::numeric_limits<int64_t>::max()) out.insert(c + 1);
  }
  return out;
}

std::set<double> with_double_neighbours(const std::vector<double>& values) {
  std::set<double> out;
  for (double c : values)
    for (double v : {c - 1, c, c + 1})
      if (std::isfinite(v)) out.insert(v);
  return out;
}

double magnitude(double v) { return std::fabs(v); }
uint64_t magnitude(int64_t v) { return v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v); }

// The `limit` values nearest 0 of `values`, then `more` ones nearest 0 while room is left; sorted.
template <class T>
std::vector<T> nearest_zero_first(const std::set<T>& values, const std::set<T>& more, size_t limit) {
  auto by_size = [](T a, T b) { return magnitude(a) < magnitude(b) || (magnitude(a) == magnitude(b) && a < b); };
  std::vector<T> first(values.begin(), values.end()), second;
  std::stable_sort(first.begin(), first.end(), by_size);
  if (first.size() > limit) first.resize(limit);
  for (T v : more)
    if (!values.count(v)) second.push_back(v);
  std::stable_sort(second.begin(), second.end(), by_size);
  for (size_t i = 0; i < second.size() && first.size() < limit; ++i) first.push_back(second[i]);
  std::sort(first.begin(), first.end());
  return first;
}

template <class T, class Make>
std::vector<Literal> literals(const std::vector<T>& values, Make make) {
  std::vector<Literal> out;
  out.reserve(values.size());
  for (const T& v : values) out.push_back(make(v));
  return out;
}

}  // namespace

LiteralDomain terminal_domain(const std::vector<int64_t>& class_constants, const analysis::ConstantPool& pool) {
  LiteralDomain d = LiteralDomain::defaults(1);
  std::vector<int64_t> small;
  for (int64_t c : class_constants)
    if (c >= -kClassConstantBound && c <= kClassConstantBound) small.push_back(c);
  std::set<int64_t> others = with_int_neighbours(small);
  others.insert({-1, 0, 1});
  std::vector<int64_t> ints = nearest_zero_first(with_int_neighbours(pool.ints), others, kMaxInts);
  d.assign(LiteralKind::Int, literals(ints, [](int64_t v) { return Literal{LiteralKind::Int, v, 0, {}}; }));

  std::set<double> base{-1, 0, 0.5, 1};
  std::vector<double> doubles = nearest_zero_first(with_double_neighbours(pool.doubles), base, kMaxDoubles);
  d.assign(LiteralKind::Double, literals(doubles, [](double v) { return Literal{LiteralKind::Double, 0, v, {}}; }));

  std::set<std::string> strings{"", "a"};
  for (size_t i = 0; i < pool.strings.size() && strings.size() < kMaxStrings; ++i) strings.insert(pool.strings[i]);
  d.assign(LiteralKind::String, literals(std::vector<std::string>(strings.begin(), strings.end()), [](const std::string& v) {
             return Literal{LiteralKind::String, 0, 0, v};
           }));
  d.set_chars("a,z");
  return d;
}

ConstantBias constant_bias(const LiteralDomain& terminals, const analysis::ConstantPool& pool, double probability) {
  ConstantBias bias;
  bias.probability = probability;
  std::set<int64_t> ints = with_int_neighbours(pool.ints);
  std::set<double> doubles = with_double_neighbours(pool.doubles);
  std::set<std::string> strings(pool.strings.begin(), pool.strings.end());
  auto collect = [&](LiteralKind k, auto in_pool) {
    const std::vector<Literal>& values = terminals.of(k);
    for (uint32_t i = 0; i < values.size(); ++i)
      if (in_pool(values[i])) bias.indices[static_cast<size_t>(k)].push_back(i);
  };
  collect(LiteralKind::Int, [&](const Literal& l) { return ints.count(l.i) > 0; });
  collect(LiteralKind::Double, [&](const Literal& l) { return doubles.count(l.d) > 0; });
  collect(LiteralKind::String, [&](const Literal& l) { return strings.count(l.s) > 0; });
  return bias;
}

}  // namespace objgen::evolve
