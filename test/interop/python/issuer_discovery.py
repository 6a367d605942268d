"""The python client reading the service account issuer discovery documents of orch-apiserver.

Run by test/interop/kubectl-token-review.test.ts with the server's URL and a ServiceAccount
token: WellKnownApi asks for the OpenID configuration, OpenidApi for the key set, as a relying
party would. Prints one JSON document of what it got, which the test checks.
"""
import json
import sys

from kubernetes import client

configuration = client.Configuration()
configuration.host = sys.argv[1]
configuration.api_key = {"authorization": sys.argv[2]}
configuration.api_key_prefix = {"authorization": "Bearer"}
api_client = client.ApiClient(configuration)

# The generated methods would answer the parsed document as a python str(); the raw answer is
# what a relying party reads, with its headers.
config = client.WellKnownApi(api_client).get_service_account_issuer_open_id_configuration(_preload_content=False)
keys = client.OpenidApi(api_client).get_service_account_issuer_open_id_keyset(_preload_content=False)
print(
    json.dumps(
        {
            "config": json.loads(config.data),
            "configType": config.headers.get("content-type"),
            "keys": json.loads(keys.data),
            "keysType": keys.headers.get("content-type"),
            "cacheControl": keys.headers.get("cache-control"),
        }
    )
)
