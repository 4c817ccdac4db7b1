"""What Palast strategies share: the seat's public view (kit.view_nb), the payment planner
(kit.plan_nb) and the valuations (kit.values_nb). Each reads only what the seat may see
(P-I2 and its own hand, P-I1), which tests/test_fair_play.py checks."""
