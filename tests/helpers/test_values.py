"""Values shared by the test suites (importable from any test folder)."""

#: The secret of every test sandbox; recognisable, so a leak of it is easy to find.
TEST_SECRET = "test-secret-key"
#: The client_id of every test sandbox.
TEST_CLIENT_ID = 1
