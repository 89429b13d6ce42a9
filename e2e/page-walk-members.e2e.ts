import { walkPages } from "./support/page-walk";

walkPages(["premium publisher", "buyer", "admin"]);
