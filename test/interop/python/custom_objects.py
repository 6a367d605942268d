"""The python client's CustomObjectsApi against orch-apiserver: every verb on a custom resource.

Run by test/interop/python-custom-objects.test.ts with the server's URL; the CRD (group
python.example.com, kind Gadget, plural gadgets) is installed by the test. Prints one JSON
document of what it saw, which the test checks.
"""
import json
import sys

from kubernetes import client

configuration = client.Configuration()
configuration.host = sys.argv[1]
api = client.CustomObjectsApi(client.ApiClient(configuration))
where = dict(group="python.example.com", version="v1", namespace="default", plural="gadgets")
seen = {}


def gadget(name, size):
    return {"apiVersion": "python.example.com/v1", "kind": "Gadget", "metadata": {"name": name}, "spec": {"size": size}}


made = api.create_namespaced_custom_object(body=gadget("g1", 1), **where)
seen["created"] = {"name": made["metadata"]["name"], "colour": made["spec"].get("colour")}
seen["got"] = api.get_namespaced_custom_object(name="g1", **where)["spec"]
api.create_namespaced_custom_object(body=gadget("g2", 2), **where)
seen["listed"] = sorted(i["metadata"]["name"] for i in api.list_namespaced_custom_object(**where)["items"])
# A dict body goes as a merge patch.
seen["patched"] = api.patch_namespaced_custom_object(name="g1", body={"spec": {"size": 3}}, **where)["spec"]
try:
    api.create_namespaced_custom_object(body=gadget("g3", 50), **where)
    seen["invalid"] = None
except client.ApiException as e:
    seen["invalid"] = {"status": e.status, "message": json.loads(e.body)["message"]}
api.delete_namespaced_custom_object(name="g2", **where)
try:
    api.get_namespaced_custom_object(name="g2", **where)
    seen["deleted"] = None
except client.ApiException as e:
    seen["deleted"] = e.status
print(json.dumps(seen))
