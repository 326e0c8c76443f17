/*
 * h_meta.c - handlers about the service itself: /healthz, /v1/version and
 * /openapi.json.
 *
 * /healthz is liveness: it answers 200 from a static body whenever the
 * daemon serves at all (load balancers and the tests poll it), and says in
 * a "storage" member whether writes are failing.  /readyz is readiness: 503
 * storage_unavailable while the last commit of the match store failed, so a
 * proxy can send new matches elsewhere until the disk is back.
 */
#include "api_int.h"

#include "wb_config.h"

static const char healthz_body[] = "{\"status\":\"ok\"}";
static const char healthz_ok_body[] = "{\"status\":\"ok\",\"storage\":\"ok\"}";
static const char readyz_body[] = "{\"ready\":true}";

void api_h_healthz(api_req *r)
{
    match_stats st;
    if (!r->ctx->matches) {
        api_reply_static(r, 200, "application/json", "no-store", healthz_body,
                         sizeof healthz_body - 1);
        return;
    }
    match_store_stats(r->ctx->matches, &st);
    if (st.writable) {
        api_reply_static(r, 200, "application/json", "no-store", healthz_ok_body,
                         sizeof healthz_ok_body - 1);
        return;
    }
    api_reply_json(r, 200,
                   json_pack("{s:s, s:s, s:I}", "status", "ok", "storage", "failing",
                             "failing_since", (json_int_t)st.failing_since));
    r->cache_control = "no-store";
}

void api_h_readyz(api_req *r)
{
    match_stats st;
    if (r->ctx->matches) {
        match_store_stats(r->ctx->matches, &st);
        if (!st.writable) {
            api_problem(r, API_P_STORAGE_UNAVAILABLE,
                        "the last write to the match store failed; this server answers "
                        "reads but cannot store actions now");
            return;
        }
    }
    api_reply_static(r, 200, "application/json", "no-store", readyz_body,
                     sizeof readyz_body - 1);
}

void api_h_version(api_req *r)
{
    json_t *ids = json_array();
    json_t *o = json_object();
    int rc = !ids || !o;
    size_t n = dict_lib_count(r->ctx->dicts);
    for (size_t i = 0; !rc && i < n; i++) {
        dict_info info;
        dict_get_info(dict_lib_at(r->ctx->dicts, i), &info);
        rc |= json_array_append_new(ids, json_string(info.id));
    }
    if (!rc) {
        rc |= json_object_set_new(o, "name", json_string("wibbelld"));
        rc |= json_object_set_new(o, "version", json_string(WB_VERSION));
        rc |= json_object_set(o, "dictionaries", ids);
    }
    json_decref(ids);
    if (rc) {
        json_decref(o);
        o = NULL;
    }
    api_reply_json(r, 200, o);
}

void api_h_openapi(api_req *r)
{
    /* The document changes only with the binary. */
    api_reply_static(r, 200, "application/json", "public, max-age=300",
                     (const char *)api_openapi_json, api_openapi_json_len);
}
