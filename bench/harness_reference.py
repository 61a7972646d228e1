#!/usr/bin/env python3
"""harness_reference.py HARNESS_CPP: prints the reference program for a harness's compile time:
one file that includes the same header and calls each member the harness registers once, on an
object built by each registered constructor (arguments value-initialized). What a user's own
smallest test of the whole API costs to compile, so bench/harness_build_bench.sh can say what the
harness costs beyond it (issue 34: at most 2x).

Registrations are read from the harness objgen wrote: .constructor<A...>(), and .method /
.factory / .function("name", CALLABLE, ...) where CALLABLE is a member or function pointer (cast
or not) or a lambda.
"""
import re
import sys

PRELUDE = r'''
#include <type_traits>
#include <utility>
namespace reference {
// Declared only: the file is compiled, not linked. An argument of parameter type T is a cast of
// an lvalue, so that T&, const T&, T&& and T all take it.
template <class T> T& lvalue();
template <class T> T value() { return static_cast<T>(lvalue<std::remove_cvref_t<T>>()); }
template <class F> struct call_once;
#define REFERENCE_MEMBER(QUALS)                                                      \
  template <class R, class C, class... A> struct call_once<R (C::*)(A...) QUALS> {   \
    template <class F> static void run(F f) { (void)(lvalue<C>().*f)(value<A>()...); } \
  };
REFERENCE_MEMBER()
REFERENCE_MEMBER(const)
REFERENCE_MEMBER(noexcept)
REFERENCE_MEMBER(const noexcept)
REFERENCE_MEMBER(&)
REFERENCE_MEMBER(const&)
template <class R, class... A> struct call_once<R (*)(A...)> {
  template <class F> static void run(F f) { (void)f(value<A>()...); }
};
template <class R, class... A> struct call_once<R (*)(A...) noexcept> {
  template <class F> static void run(F f) { (void)f(value<A>()...); }
};
template <class L, class R, class... A> void lambda_call(L& l, R (L::*)(A...) const) { (void)l(value<A>()...); }
template <class F> void call(F f) {
  if constexpr (std::is_class_v<F>) lambda_call(f, &F::operator());
  else call_once<F>::run(f);
}
}  // namespace reference
'''


def split_args(text, start):
    """The top-level arguments of the call whose '(' is at text[start]; returns (args, end)."""
    depth, angle, args, cur, i = 0, 0, [], "", start
    while i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
            if depth == 1:
                i += 1
                continue
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append(cur.strip())
                return args, i
        elif c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            cur += text[i:j + 1]
            i = j + 1
            continue
        elif c == "<" and not text[max(0, i - 8):i].endswith("operator"):
            angle += 1
        elif c == ">" and angle > 0 and text[i - 1] != "-":
            angle -= 1
        elif c == "," and depth == 1 and angle == 0:
            args.append(cur.strip())
            cur = ""
            i += 1
            continue
        cur += c
        i += 1
    raise ValueError("unbalanced call")


def main():
    src = open(sys.argv[1]).read()
    includes = [l for l in src.splitlines() if l.startswith("#include") and "objgen/" not in l]
    body = src[src.index("void register_"):]
    aliases = re.findall(r"^\s*using \w+ = [^;]+;", body, re.M)
    target = re.search(r"add_class<([^>]+(?:<[^;]*?>)?)>\(\)", body).group(1)
    calls = []
    for m in re.finditer(r"\.constructor<(.*?)>\(\)", body):
        params = [p.strip() for p in split_args("(" + m.group(1) + ")", 0)[0] if p.strip()]
        calls.append("{ %s object%s; (void)object; }" % (
            target, "(" + ", ".join("reference::value<%s>()" % p for p in params) + ")" if params else ""))
    for m in re.finditer(r"\.(method|factory|function)\(", body):
        args, _ = split_args(body, m.end() - 1)
        if len(args) >= 2:
            calls.append("reference::call(%s);" % args[1])
    out = "\n".join(includes) + "\n" + PRELUDE + "\nvoid call_every_member() {\n"
    out += "".join("  %s\n" % a.strip() for a in aliases)
    out += "".join("  %s\n" % c for c in calls) + "}\n"
    sys.stdout.write(out)


if __name__ == "__main__":
    main()
