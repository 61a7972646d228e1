// The registered API as data: operations' signatures and parameter names for people, which
// exceptions count as a broken precondition (the misuse policy), the classes' records, and
// demangled type names as emitted code spells them.
#include <gtest/gtest.h>

#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "objgen/objgen.hpp"

namespace model_api_test {
struct Counter {
  int count = 0;
  Counter() = default;
  explicit Counter(int start) : count(start) {}
  void add(int by) { count += by; }
  void resize(int width, char fill) { count = width + fill; }
  void absorb(const Counter& other, std::shared_ptr<Counter> more) { count += other.count + more->count; }
  int value() const { return count; }
  static Counter of(int n) { return Counter(n); }
};
inline Counter merged(const Counter& a, const Counter& b) { return Counter(a.count + b.count); }
struct Refused : std::exception {};
}  // namespace model_api_test
OBJGEN_FIELDS(model_api_test::Counter, count)

namespace objgen {
namespace {
using model_api_test::Counter;

Api model_api_counter() {
  Api api;
  api.add_class<Counter>()
      .constructor<>()
      .constructor<int>()
      .method("add", &Counter::add)
      .method("resize", &Counter::resize)
      .param_names({"width", ""})
      .method("absorb", &Counter::absorb)
      .method("value", &Counter::value)
      .factory("of", &Counter::of, "model_api_test::Counter::of")
      .function("merged", &model_api_test::merged, "model_api_test::merged")
      .method("twice", [](Counter& c) { c.add(c.count); });
  return api;
}

const Operation& model_api_op(const Api& api, const std::string& name, size_t nth = 0) {
  for (const Operation& o : api.operations())
    if (o.name == name && nth-- == 0) return o;
  throw std::logic_error("no operation " + name);
}

TEST(LiteralKindName, NamesEveryKind) {
  EXPECT_STREQ(literal_kind_name(LiteralKind::Int), "int");
  EXPECT_STREQ(literal_kind_name(LiteralKind::Double), "double");
  EXPECT_STREQ(literal_kind_name(LiteralKind::Char), "char");
  EXPECT_STREQ(literal_kind_name(LiteralKind::Bool), "bool");
  EXPECT_STREQ(literal_kind_name(LiteralKind::String), "string");
}

TEST(ShortClassName, DropsNamespacesAndTemplateArguments) {
  EXPECT_EQ(short_class_name("ns::Box<ns::Item>"), "Box");
  EXPECT_EQ(short_class_name("a::b::Tree"), "Tree");
  EXPECT_EQ(short_class_name("Plain"), "Plain");
  EXPECT_EQ(short_class_name("std::map<std::string, a::B>"), "map");
}

TEST(Demangle, SpellsStdStringByItsAlias) {
  EXPECT_EQ(detail::demangle(typeid(std::string).name()), "std::string");
  EXPECT_EQ(detail::demangle(typeid(std::vector<std::string>).name()), "std::vector<std::string, std::allocator<std::string > >");
  EXPECT_EQ(detail::demangle(typeid(Counter).name()), "model_api_test::Counter");
}

TEST(Demangle, TextThatIsNoMangledNameComesBackAsItWas) { EXPECT_EQ(detail::demangle("not mangled"), "not mangled"); }

TEST(OperationSignature, SpellsEachKindOfOperation) {
  Api api = model_api_counter();
  EXPECT_EQ(model_api_op(api, "Counter").signature(), "Counter::Counter()");
  EXPECT_EQ(model_api_op(api, "Counter", 1).signature(), "Counter::Counter(int)");
  EXPECT_EQ(model_api_op(api, "resize").signature(), "Counter::resize(int, char)");
  EXPECT_EQ(model_api_op(api, "absorb").signature(),
            "Counter::absorb(const model_api_test::Counter&, std::shared_ptr<model_api_test::Counter>)");
  EXPECT_EQ(model_api_op(api, "value").signature(), "Counter::value() const");
  EXPECT_EQ(model_api_op(api, "of").signature(), "Counter::of(int)");
  EXPECT_EQ(model_api_op(api, "merged").signature(),
            "model_api_test::merged(const model_api_test::Counter&, const model_api_test::Counter&)");
}

TEST(OperationParameterName, DeclaredNamesElseTheReceiverOrTheSlotsNumber) {
  Api api = model_api_counter();
  const Operation& resize = model_api_op(api, "resize");
  EXPECT_EQ(resize.parameter_name(0), "the receiver");
  EXPECT_EQ(resize.parameter_name(1), "width");
  EXPECT_EQ(resize.parameter_name(2), "parameter 2") << "an unnamed parameter";
  EXPECT_EQ(model_api_op(api, "add").parameter_name(1), "parameter 1") << "no names registered";
  EXPECT_EQ(model_api_op(api, "merged").parameter_name(0), "parameter 0") << "a free function has no receiver";
}

TEST(OperationParameterName, ANameListOfTheWrongLengthIsRefused) {
  Api api;
  auto cls = api.add_class<Counter>().method("resize", &Counter::resize);
  try {
    cls.param_names({"width"});
    FAIL() << "one name for two parameters was accepted";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "objgen: param_names() for resize names 2 slots, the operation has 3");
  }
}

TEST(OperationObjectParamCount, CountsTheReceiverAndObjectArguments) {
  Api api = model_api_counter();
  EXPECT_EQ(model_api_op(api, "absorb").object_param_count(), 3u);
  EXPECT_EQ(model_api_op(api, "add").object_param_count(), 1u);
  EXPECT_EQ(model_api_op(api, "Counter", 1).object_param_count(), 0u);
}

TEST(Registration, ALambdaIsEmittableOnlyWithACallPattern) {
  Api api = model_api_counter();
  EXPECT_FALSE(model_api_op(api, "twice").emittable);
  EXPECT_TRUE(model_api_op(api, "add").emittable);
  api.add_class<Counter>().method("thrice", [](Counter& c) { c.add(2 * c.count); }).emitted_as("{0}->add(2 * {0}->count)");
  EXPECT_TRUE(model_api_op(api, "thrice").emittable);
  EXPECT_EQ(model_api_op(api, "thrice").call_pattern, "{0}->add(2 * {0}->count)");
}

TEST(Registration, DeclaredAtBelongsToTheLastOperation) {
  Api api;
  api.add_class<Counter>().constructor<>().method("add", &Counter::add).declared_at("/p/counter.hpp", 12);
  EXPECT_FALSE(api.operations()[0].declared_at.known());
  EXPECT_EQ(api.operations()[1].declared_at.file, "/p/counter.hpp");
  EXPECT_EQ(api.operations()[1].declared_at.line, 12u);
}

TEST(Registration, NothingToAdjustBeforeTheFirstOperation) {
  Api api;
  EXPECT_THROW(api.last_operation(), std::logic_error);
}

TEST(ApiClasses, OneRecordPerClassFoundByIdOrName) {
  Api api;
  ClassId id = class_id<Counter>();
  ClassInfo& first = api.class_info(id);
  ClassInfo& again = api.class_info(id);
  EXPECT_EQ(&first, &again);
  EXPECT_EQ(api.classes().size(), 1u);
  EXPECT_EQ(first.name, "model_api_test::Counter");
  EXPECT_EQ(api.find_class(id), &first);
  EXPECT_EQ(api.find_class("model_api_test::Counter"), &first);
  EXPECT_EQ(api.find_class("Counter"), nullptr) << "found by the registered name only";
  EXPECT_EQ(Api().find_class(id), nullptr);
}

TEST(MisusePolicy, TheStandardPreconditionExceptionsByDefault) {
  MisusePolicy policy;
  EXPECT_EQ(policy.names(),
            (std::vector<std::string>{"std::invalid_argument", "std::out_of_range", "std::length_error", "std::domain_error"}));
  EXPECT_TRUE(policy.is_misuse(std::make_exception_ptr(std::out_of_range("x")), "examples::EmptyStackException"))
      << "a subclass matches by type";
  EXPECT_FALSE(policy.is_misuse(std::make_exception_ptr(std::runtime_error("x")), "std::runtime_error"));
  policy.clear();
  EXPECT_FALSE(policy.is_misuse(std::make_exception_ptr(std::out_of_range("x")), "std::out_of_range"));
  EXPECT_TRUE(policy.names().empty());
}

TEST(MisusePolicy, ANameMatchesTheExceptionsTypeNameExactly) {
  MisusePolicy policy;
  policy.clear();
  policy.add_name("model_api_test::Refused");
  std::exception_ptr e = std::make_exception_ptr(model_api_test::Refused());
  EXPECT_TRUE(policy.is_misuse(e, "model_api_test::Refused"));
  EXPECT_FALSE(policy.is_misuse(e, "Refused"));
  EXPECT_FALSE(policy.matches(e)) << "a name is no matcher";
  policy.add<model_api_test::Refused>();
  EXPECT_TRUE(policy.matches(e));
}

// Counter(-1) throwing std::runtime_error rejected its input: the caller's fault, not the class's.
TEST(MisusePolicy, ACreatorFromLiteralsThatThrowsValidatedItsInput) {
  Api api = model_api_counter();
  MisusePolicy policy;
  std::exception_ptr e = std::make_exception_ptr(std::runtime_error("negative"));
  EXPECT_TRUE(policy.is_misuse(model_api_op(api, "Counter", 1), e, "std::runtime_error"));
  EXPECT_TRUE(policy.is_misuse(model_api_op(api, "of"), e, "std::runtime_error"));
  EXPECT_FALSE(policy.is_misuse(model_api_op(api, "add"), e, "std::runtime_error")) << "a member is no creator";
  EXPECT_FALSE(policy.is_misuse(model_api_op(api, "Counter"), e, "std::runtime_error")) << "no input to validate";
  EXPECT_FALSE(policy.is_misuse(model_api_op(api, "merged"), e, "std::runtime_error")) << "it takes objects, not only literals";
  EXPECT_FALSE(policy.is_misuse(model_api_op(api, "Counter", 1), std::make_exception_ptr(std::bad_alloc()), "std::bad_alloc"));
  EXPECT_FALSE(policy.is_misuse(model_api_op(api, "Counter", 1), std::make_exception_ptr(42), "int")) << "not a std::exception";
  policy.creators_validate = false;
  EXPECT_FALSE(policy.is_misuse(model_api_op(api, "Counter", 1), e, "std::runtime_error"));
}

}  // namespace
}  // namespace objgen
