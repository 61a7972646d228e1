// objgen public API: describe fields, register operations, and use generated inputs.
#pragma once

#include "objgen/api.hpp"
#include "objgen/detail/class_vtable.hpp"
#include "objgen/fields.hpp"
#include "objgen/linearizer.hpp"
