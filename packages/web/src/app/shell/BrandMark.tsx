/** The console's logo and name, as the header and the login pages show them. */
export function BrandMark() {
  return (
    <>
      <span className="app-logo">雀</span>
      <span className="app-name">taikai</span>
    </>
  );
}
