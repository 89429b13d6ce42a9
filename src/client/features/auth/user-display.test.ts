import { describe, expect, it } from "vitest";
import {
  getAvatarInitials,
  getDisplayName,
  getFullNameOrEmail,
  getRoleBadgeTone,
  getWelcomeName,
} from "./user-display";

describe("how a user is named", () => {
  it("shows first plus last name when both exist, else the email, else User", () => {
    expect(getDisplayName({ firstName: "Ada", lastName: "Admin", email: "a@x.test" })).toBe("Ada Admin");
    expect(getDisplayName({ firstName: "Ada", lastName: null, email: "a@x.test" })).toBe("a@x.test");
    expect(getDisplayName({ firstName: " ", lastName: "", email: "" })).toBe("User");
  });

  it("draws the two initials, else the first letter of the email, else U", () => {
    expect(getAvatarInitials({ firstName: "ada", lastName: "lovelace", email: "a@x.test" })).toBe("AL");
    expect(getAvatarInitials({ firstName: "Ada", lastName: null, email: "zed@x.test" })).toBe("Z");
    expect(getAvatarInitials({ firstName: null, lastName: null, email: null })).toBe("U");
  });

  it("greets by first name, else the email before the @, else there", () => {
    expect(getWelcomeName({ firstName: "Pat", email: "p@x.test" })).toBe("Pat");
    expect(getWelcomeName({ firstName: null, email: "newbie@demo.test" })).toBe("newbie");
    expect(getWelcomeName({ firstName: null, email: "" })).toBe("there");
  });

  it("names the user by whatever name parts exist, else the email", () => {
    expect(getFullNameOrEmail({ firstName: null, lastName: "Smith", email: "s@x.test" })).toBe("Smith");
    expect(getFullNameOrEmail({ firstName: null, lastName: null, email: "s@x.test" })).toBe("s@x.test");
  });

  it("colours role badges admin red, buyer blue, publisher green, others grey", () => {
    expect(getRoleBadgeTone("admin")).toBe("red");
    expect(getRoleBadgeTone("buyer")).toBe("blue");
    expect(getRoleBadgeTone("publisher")).toBe("green");
    expect(getRoleBadgeTone("guest")).toBe("grey");
    expect(getRoleBadgeTone("something-new")).toBe("grey");
  });
});
