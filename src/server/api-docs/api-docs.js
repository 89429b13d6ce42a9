// The API reference page: Swagger UI over the document this server generates. A file, not an inline
// script: the pages' Content-Security-Policy allows scripts from this origin only.
window.ui = window.SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  // Swagger UI would otherwise send the document to an outside validator.
  validatorUrl: null,
  // "Try it out" calls the API from this page with the visitor's own session, like the app.
  withCredentials: true,
});
