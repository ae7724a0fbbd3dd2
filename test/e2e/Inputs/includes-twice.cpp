#include "twice.h"
