"""The API's endpoints, and the host's page of API tokens."""
