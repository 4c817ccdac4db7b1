"""A toy game registered by the tests only, so that every generic test runs over two real
games and one trivial one (as OpenSpiel's tests run over every registered game)."""
