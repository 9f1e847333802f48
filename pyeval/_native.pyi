from typing import Any

ffi: Any
lib: Any
