// The translation unit that precompiles the rooms' common headers (CMakeLists.txt: objgen_room_pch).
