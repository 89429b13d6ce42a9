// The API reference page: Swagger UI over the document this server generates. A file, not an inline
// script: the pages' Content-Security-Policy allows scripts from this origin only.
//
// Swagger UI's markup fails a screen reader in a few places, which are mended here (and its colours in
// api-docs.css): the page is held to no accessibility violation at all, at desktop and phone widths.

/**
 * A link inside the button that opens an operation: a control in a control, which assistive technology
 * cannot reach. Its path is shown as text instead; opening the operation still puts its address in the
 * URL, and each group's heading keeps its link.
 */
function plainOperationPaths(system) {
  const { React } = system;
  return {
    wrapComponents: {
      OperationSummaryPath: (Original) => (props) =>
        React.createElement(Original, {
          ...props,
          operationProps: props.operationProps.set("isDeepLinkingEnabled", false),
        }),
    },
  };
}

window.ui = window.SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [window.SwaggerUIBundle.presets.apis],
  plugins: [plainOperationPaths],
  layout: "BaseLayout",
  // Swagger UI would otherwise send the document to an outside validator.
  validatorUrl: null,
  // The default theme's numbers are too faint on its dark background; this one's colours all read.
  syntaxHighlight: { theme: "tomorrow-night" },
  // "Try it out" calls the API from this page with the visitor's own session, like the app.
  withCredentials: true,
});

/** The name of a control Swagger UI leaves unnamed, from what stands beside it on screen. */
function nameOf(control) {
  if (control.id === "servers") return "Server";
  if (control.classList.contains("body-param__text")) return "Request body";
  const parameter = control.closest("tr[data-param-name]");
  if (parameter) return parameter.dataset.paramName;
  const title = control
    .closest(".response-control-examples")
    ?.querySelector(".response-control-examples__title");
  if (title) return title.textContent.trim();
  return null;
}

/** "GET /api/buyer-listings", the operation an element belongs to. */
function operationOf(element) {
  const operation = element.closest(".opblock");
  const method = operation?.querySelector(".opblock-summary-method")?.textContent;
  const path = operation?.querySelector("[data-path]")?.dataset.path;
  return method && path ? `${method} ${path}` : null;
}

/**
 * Mends what Swagger UI renders, so that:
 * - the page's parts are landmarks: the API's description, the servers and sign-in, the operations
 *   (Swagger UI's own main), each operation's answers (a region it makes) named for the operation;
 * - the authorization box is a dialog named by its title, with a named close button;
 * - every select and text area has a name;
 * - headings step one level at a time: under the title (h1), each group (h3 in the markup), the
 *   schemas (h4) and the authorization dialog's title (h3) are sections like the webhooks (h2), and the
 *   parts of an operation (h4, h5) and of the dialog (h4) their subsections;
 * - a code block, which may scroll, can be reached from the keyboard to scroll it.
 * React keeps attributes it did not set, and a part it draws anew is mended again by the observer.
 */
function mend(root) {
  root.querySelector(".information-container:not([role])")?.setAttribute("role", "banner");
  const schemes = root.querySelector(".scheme-container:not([role])");
  if (schemes) {
    schemes.setAttribute("role", "region");
    schemes.setAttribute("aria-label", "Servers and authorization");
  }
  const dialog = root.querySelector(".modal-ux");
  if (dialog) {
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    const title = dialog.querySelector(".modal-ux-header h3");
    if (title) {
      title.id = "dialog-title";
      dialog.setAttribute("aria-labelledby", title.id);
    }
    dialog.querySelector(".close-modal")?.setAttribute("aria-label", "Close");
  }
  for (const answers of root.querySelectorAll(".responses-table[role=region]:not([aria-label])")) {
    const operation = operationOf(answers);
    if (operation) answers.setAttribute("aria-label", `Responses of ${operation}`);
  }
  for (const control of root.querySelectorAll(
    "select:not([aria-label]):not([aria-labelledby]), textarea:not([aria-label])",
  )) {
    const name = nameOf(control);
    if (name) control.setAttribute("aria-label", name);
  }
  for (const heading of root.querySelectorAll("h3.opblock-tag, .models > h4, .modal-ux-header h3")) {
    heading.setAttribute("aria-level", "2");
  }
  for (const heading of root.querySelectorAll(".opblock h4, .modal-ux-content h4")) {
    heading.setAttribute("aria-level", "3");
  }
  for (const heading of root.querySelectorAll(".opblock h5")) heading.setAttribute("aria-level", "4");
  for (const code of root.querySelectorAll("pre.microlight:not([tabindex])")) {
    code.setAttribute("tabindex", "0");
  }
}

const page = document.getElementById("swagger-ui");
// Child lists only: the attributes set here do not wake the observer again.
new MutationObserver(() => mend(page)).observe(page, { childList: true, subtree: true });
mend(page);
