find_package(Steady REQUIRED)
