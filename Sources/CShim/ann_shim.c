#include "ann_shim.h"
