/* Home page: start a practice table against bots, then open the player's own view. */
"use strict";
(function () {
  const box = document.getElementById("practice-home");
  if (!box) return;
  const nameInput = document.getElementById("practice-name");
  const variant = document.getElementById("practice-variant");
  for (const button of box.querySelectorAll("button[data-practice]")) {
    button.textContent = t("pr_play", {game: button.dataset.title});
    button.addEventListener("click", async () => {
      const body = {game: button.dataset.practice};
      body.name = nameInput.value.trim() || t("pr_default_name");
      // Insonnia is practised in the variant chosen, as a table of friends would play it
      if (body.game === "insonnia") body.options = {variant: variant.value};
      button.disabled = true;
      try {
        const res = await postJSON("/api/practice", body);
        if (!res.ok) { toast(errorText(res.body)); return; }
        window.location.href = "/play/" + res.body.table_id;
      } catch (e) {
        toast(t("network"));
      } finally {
        button.disabled = false;
      }
    });
  }
})();
